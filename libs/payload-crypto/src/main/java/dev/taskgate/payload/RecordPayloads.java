package dev.taskgate.payload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

/**
 * Seals the payload members of a Kafka record before it is signed and sent, and opens them after its signature was
 * verified, so inputs, results, input requests and responses, checkpoints, plans and artifacts never travel, or wait
 * in the outbox, as plaintext; nor do the input requests a command reply shows (docs/security.md "Payloads on
 * Kafka"). Which members those are is {@link RecordPayloadMember}; a record of another type passes unchanged.
 *
 * <p>Each member is sealed with {@link PayloadCipher} and written as a {@link PayloadEnvelope}, bound to the record's
 * execution id (a submission's message id), its record type and member, and an entry's or request's key. Opening
 * refuses a record whose member is not an envelope, names a key id the ring lacks, or does not authenticate —
 * altered, or moved from another execution, member or key — with {@link PayloadUnreadableException}, and never
 * returns part of it.
 */
public final class RecordPayloads {

    private static final Map<String, List<RecordPayloadMember>> BY_TYPE =
            EnumSet.allOf(RecordPayloadMember.class).stream()
                    .collect(Collectors.groupingBy(RecordPayloadMember::recordType));

    // numbers as written: tool input may carry 0.10, which must not come out as 0.1
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private final PayloadCipher cipher;

    /** @param cipher the cipher over this service's payload key ring */
    public RecordPayloads(PayloadCipher cipher) {
        this.cipher = Objects.requireNonNull(cipher, "cipher");
    }

    /** Whether records of this {@code type} carry payload members. */
    public static boolean carriesPayload(String type) {
        return BY_TYPE.containsKey(type);
    }

    /**
     * The record with its payload members sealed; a record without any is returned as it is.
     *
     * @param record the record's JSON, as written by the service ({@code Wire})
     * @throws IllegalArgumentException when the record is not a JSON object, has no {@code type}, or lacks the id its
     *                                  members are bound to
     */
    public byte[] seal(byte[] record) {
        return transform(record, true);
    }

    /**
     * The record with its payload members opened; a record without any is returned as it is.
     *
     * @throws PayloadUnreadableException when a payload member is not sealed, or cannot be opened
     * @throws IllegalArgumentException   when the record is not a JSON object, has no {@code type}, or lacks the id
     *                                    its members are bound to (a malformed record)
     */
    public byte[] open(byte[] record) {
        return transform(record, false);
    }

    /**
     * One payload member's value opened, taken from a record its reader has parsed already (opening the whole record
     * would parse and write it again). Members of several sealed entries are not opened this way.
     *
     * @param subject   the id the member is bound to ({@code member.bindingMember()} of the record)
     * @param qualifier the record's {@code member.qualifierMember()}, or {@code null} for a member without one
     * @param value     the member as read: a sealed envelope
     * @throws PayloadUnreadableException when the value is not sealed for this subject and member, or cannot be opened
     * @throws IllegalArgumentException   for a member of sealed entries
     */
    public JsonNode openMember(RecordPayloadMember member, UUID subject, String qualifier, JsonNode value) {
        if (member.shape() == RecordPayloadMember.Shape.JSON_ENTRIES) {
            throw new IllegalArgumentException(member + " holds sealed entries, opened with its record");
        }
        return openValue(subject, member.role(qualifier), member, value);
    }

    private byte[] transform(byte[] record, boolean seal) {
        ObjectNode tree = parse(record);
        List<RecordPayloadMember> members = membersOf(tree);
        if (members.isEmpty()) {
            return record;
        }
        for (RecordPayloadMember member : members) {
            transform(tree, member, seal);
        }
        return write(tree);
    }

    private void transform(ObjectNode record, RecordPayloadMember member, boolean seal) {
        ObjectNode parent = record;
        List<String> path = member.path();
        for (String name : path.subList(0, path.size() - 1)) {
            JsonNode next = parent.get(name);
            if (next == null || !next.isObject()) {
                return; // an optional parent that is absent: nothing to seal or open
            }
            parent = (ObjectNode) next;
        }
        String name = path.get(path.size() - 1);
        JsonNode value = parent.get(name);
        if (value == null || value.isNull()) {
            return; // absent; the record's own rules decide whether it may be
        }
        UUID subject = subject(record, member);
        switch (member.shape()) {
            case JSON, TEXT -> {
                PayloadRole role = member.role(qualifier(record, member));
                parent.set(
                        name, seal ? sealValue(subject, role, member, value) : openValue(subject, role, member, value));
            }
            case JSON_ENTRIES -> {
                if (!value.isObject()) {
                    if (seal) {
                        throw new IllegalArgumentException(member.recordType() + " " + name + " is not an object");
                    }
                    throw new PayloadUnreadableException(
                            subject, member.role(null).describe(), null, "not an object of sealed entries", null);
                }
                ObjectNode entries = (ObjectNode) value;
                for (String key : new ArrayList<>(iterable(entries))) {
                    PayloadRole role = member.role(key);
                    JsonNode entry = entries.get(key);
                    entries.set(
                            key,
                            seal ? sealValue(subject, role, member, entry) : openValue(subject, role, member, entry));
                }
            }
        }
    }

    private JsonNode sealValue(UUID subject, PayloadRole role, RecordPayloadMember member, JsonNode value) {
        byte[] plaintext;
        if (member.shape() == RecordPayloadMember.Shape.TEXT) {
            if (!value.isTextual()) {
                throw new IllegalArgumentException(role.describe() + " is not a string");
            }
            plaintext = value.textValue().getBytes(StandardCharsets.UTF_8);
        } else {
            plaintext = write(value);
        }
        return PayloadEnvelope.of(cipher.seal(subject, role, plaintext));
    }

    private JsonNode openValue(UUID subject, PayloadRole role, RecordPayloadMember member, JsonNode value) {
        byte[] plaintext = cipher.open(subject, role, PayloadEnvelope.sealedBytes(value, subject, role));
        if (member.shape() == RecordPayloadMember.Shape.TEXT) {
            return TextNode.valueOf(new String(plaintext, StandardCharsets.UTF_8));
        }
        try {
            return MAPPER.readTree(plaintext);
        } catch (IOException e) {
            // authenticated, so written by a holder of the key: not JSON means a producer's bug, refused all the same
            throw new PayloadUnreadableException(subject, role.describe(), null, "the opened value is not JSON", null);
        }
    }

    private static UUID subject(ObjectNode record, RecordPayloadMember member) {
        JsonNode id = record.get(member.bindingMember());
        if (id == null || !id.isTextual()) {
            throw new IllegalArgumentException(member.recordType() + " without " + member.bindingMember());
        }
        try {
            return UUID.fromString(id.textValue());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(member.recordType() + " " + member.bindingMember() + " is not a UUID");
        }
    }

    private static String qualifier(ObjectNode record, RecordPayloadMember member) {
        if (member.qualifierMember() == null) {
            return null;
        }
        JsonNode key = record.get(member.qualifierMember());
        if (key == null || !key.isTextual()) {
            throw new IllegalArgumentException(member.recordType() + " without " + member.qualifierMember());
        }
        return key.textValue();
    }

    /** A record without a {@code type} is refused: which of its members are payload could not be told. */
    private static List<RecordPayloadMember> membersOf(ObjectNode record) {
        JsonNode type = record.get("type");
        if (type == null || !type.isTextual()) {
            throw new IllegalArgumentException("the record has no type");
        }
        return BY_TYPE.getOrDefault(type.textValue(), List.of());
    }

    private static ObjectNode parse(byte[] record) {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(record);
        } catch (IOException e) {
            throw new IllegalArgumentException("the record is not JSON", e);
        }
        if (tree == null || !tree.isObject()) {
            throw new IllegalArgumentException("the record is not a JSON object");
        }
        return (ObjectNode) tree;
    }

    private static byte[] write(JsonNode tree) {
        try {
            return MAPPER.writeValueAsBytes(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> iterable(ObjectNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
