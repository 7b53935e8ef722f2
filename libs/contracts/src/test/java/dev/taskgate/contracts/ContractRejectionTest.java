package dev.taskgate.contracts;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.payload.PayloadUnreadableException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Broken variants of the examples are rejected by the schema and, where the record enforces it, by
 * {@link Wire#fromBytes} (so a consumer dead-letters them); members the schema calls optional may be
 * left out on both sides.
 */
class ContractRejectionTest {

    private static List<String> examples() {
        return SchemaFiles.files("examples", ".json");
    }

    private static ContractTypes typeOf(String example) {
        return ContractTypes.ofExample(example).orElseThrow();
    }

    private static Set<String> requiredMembers(ContractTypes type) {
        Set<String> required = new TreeSet<>();
        SchemaFiles.resolvedSchema(type.schemaPath()).path("required").forEach(n -> required.add(n.asText()));
        return required;
    }

    static Stream<Arguments> requiredMembersOfEveryExample() {
        List<Arguments> cases = new ArrayList<>();
        for (String example : examples()) {
            for (String member : requiredMembers(typeOf(example))) {
                if (!member.equals("type")) {
                    cases.add(Arguments.of(example, member));
                }
            }
        }
        return cases.stream();
    }

    static Stream<Arguments> optionalMembersOfEveryExample() {
        List<Arguments> cases = new ArrayList<>();
        for (String example : examples()) {
            Set<String> required = requiredMembers(typeOf(example));
            SchemaFiles.json(example).fieldNames().forEachRemaining(member -> {
                if (!required.contains(member)) {
                    cases.add(Arguments.of(example, member));
                }
            });
        }
        return cases.stream();
    }

    static Stream<Arguments> kafkaExamples() {
        return examples().stream().filter(e -> typeOf(e).isKafkaRecord()).map(Arguments::of);
    }

    static Stream<Arguments> malformedInstants() {
        List<String> bad = List.of(
                "2026-02-30T10:15:30Z",
                "2026-03-02T10:15:30",
                "2026-03-02 10:15:30Z",
                "2026-03-02T25:15:30Z",
                "yesterday",
                "");
        return examples().stream()
                .filter(e -> firstPresent(e, INSTANT_POINTERS).isPresent())
                .flatMap(e -> bad.stream().map(value -> Arguments.of(e, value)));
    }

    static Stream<Arguments> malformedUuids() {
        List<String> bad =
                List.of("not-a-uuid", "3f6c2a1e8b4d4f7a9c2e5d1b7e0a9f34", "3f6c2a1e-8b4d-4f7a-9c2e-5d1b7e0a9f3");
        // the operator bodies name executions by handle only: they carry no UUID to break
        return examples().stream()
                .filter(e -> firstPresent(e, UUID_POINTERS).isPresent())
                .flatMap(e -> bad.stream().map(value -> Arguments.of(e, value)));
    }

    // every Kafka record has occurredAt; the API bodies hold a snapshot (directly, as `execution` or in `items`)
    private static final List<String> INSTANT_POINTERS =
            List.of("/occurredAt", "/execution/createdAt", "/createdAt", "/items/0/createdAt", "/items/0/occurredAt");
    private static final List<String> UUID_POINTERS = List.of("/messageId", "/execution/executionId", "/executionId");

    private static java.util.Optional<String> firstPresent(String example, List<String> pointers) {
        JsonNode root = SchemaFiles.json(example);
        return pointers.stream().filter(p -> !root.at(p).isMissingNode()).findFirst();
    }

    static Stream<Arguments> unknownWireNames() {
        return Stream.of(
                Arguments.of("examples/kafka/taskgate.commands.v1/SubmitExecution.json", "/surface", "soap"),
                Arguments.of("examples/kafka/taskgate.command-replies.v1/Accepted.json", "/execution/status", "done"),
                Arguments.of("examples/kafka/taskgate.command-replies.v1/Accepted.json", "/execution/surface", "REST"),
                Arguments.of("examples/kafka/taskgate.lifecycle.v1/ExecutionChanged.json", "/state", "Completed"),
                Arguments.of("examples/api/ExecutionSnapshot.json", "/status", "running"));
    }

    static Stream<Arguments> nestedRequiredMembers() {
        return Stream.of(
                Arguments.of("examples/kafka/taskgate.commands.v1/SubmitExecution.json", "/caller", "subject"),
                Arguments.of("examples/kafka/taskgate.commands.v1/CancelExecution.json", "/caller", "orgId"),
                Arguments.of("examples/kafka/taskgate.command-replies.v1/Accepted.json", "/execution", "toolName"),
                Arguments.of("examples/kafka/taskgate.command-replies.v1/Accepted.json", "/execution", "updatedAt"),
                Arguments.of("examples/kafka/taskgate.command-replies.v1/Rejected.json", "/problem", "title"),
                Arguments.of("examples/kafka/taskgate.command-replies.v1/Rejected.json", "/problem", "status"),
                Arguments.of("examples/kafka/taskgate.worker-heartbeats.v1/WorkerHeartbeat.json", "/held/0", "epoch"),
                Arguments.of("examples/api/ExecutionOutcome.completed.json", "/execution", "surface"));
    }

    @ParameterizedTest(name = "{0} without {1}")
    @MethodSource("requiredMembersOfEveryExample")
    void missingRequiredMemberIsRejected(String example, String member) {
        ObjectNode broken = copy(example);
        broken.remove(member);

        assertRejectedBySchemaAndWire(example, broken);
    }

    @ParameterizedTest(name = "{0} without {2} in {1}")
    @MethodSource("nestedRequiredMembers")
    void missingRequiredNestedMemberIsRejected(String example, String parent, String member) {
        ObjectNode broken = copy(example);
        ((ObjectNode) broken.at(parent)).remove(member);

        assertRejectedBySchemaAndWire(example, broken);
    }

    @ParameterizedTest(name = "{0} without {1}")
    @MethodSource("optionalMembersOfEveryExample")
    void missingOptionalMemberIsAccepted(String example, String member) {
        ContractTypes type = typeOf(example);
        ObjectNode trimmed = copy(example);
        trimmed.remove(member);

        assertThat(SchemaFiles.validate(type.schemaPath(), trimmed)).isEmpty();
        assertThat(Wire.fromBytes(asRead(trimmed), type.readAs())).isExactlyInstanceOf(type.type());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kafkaExamples")
    void wrongOrMissingTypeIsRejectedBySchema(String example) {
        ContractTypes type = typeOf(example);
        ObjectNode wrong = copy(example).put("type", "NoSuchType");
        ObjectNode missing = copy(example);
        missing.remove("type");

        assertThat(SchemaFiles.validate(type.schemaPath(), wrong)).isNotEmpty();
        assertThat(SchemaFiles.validate(type.schemaPath(), missing)).isNotEmpty();
        // Only the sealed families read `type` as a Jackson type id; RunOperation, WorkerHeartbeat and
        // ExecutionChanged write it from a constant accessor and ignore it on reading.
        if (type.typeIdEnforced()) {
            assertWireRejects(wrong, type);
            assertWireRejects(missing, type);
        }
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("malformedInstants")
    void malformedInstantIsRejected(String example, String value) {
        ObjectNode broken = copy(example);
        set(broken, firstPresent(example, INSTANT_POINTERS).orElseThrow(), value);

        assertRejectedBySchemaAndWire(example, broken);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kafkaExamples")
    void epochSecondsAsInstantAreRejectedBySchema(String example) {
        ObjectNode broken = copy(example);
        broken.put("occurredAt", "1772446530");

        // Wire reads a string of digits as epoch seconds; the contract is RFC 3339 text only.
        assertThat(SchemaFiles.validate(typeOf(example).schemaPath(), broken)).isNotEmpty();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("malformedUuids")
    void malformedUuidIsRejected(String example, String value) {
        ObjectNode broken = copy(example);
        set(broken, firstPresent(example, UUID_POINTERS).orElseThrow(), value);

        assertRejectedBySchemaAndWire(example, broken);
    }

    @ParameterizedTest(name = "{0}: {1} = {2}")
    @MethodSource("unknownWireNames")
    void unknownEnumWireNameIsRejected(String example, String pointer, String value) {
        ObjectNode broken = copy(example);
        set(broken, pointer, value);

        assertRejectedBySchemaAndWire(example, broken);
    }

    static Stream<Arguments> unstorableProgressTokens() {
        return Stream.of(
                Arguments.of("a string of 257 characters", Wire.mapper().valueToTree("t".repeat(257))),
                Arguments.of("a fraction", Wire.mapper().valueToTree(1.5)),
                Arguments.of("a boolean", Wire.mapper().valueToTree(true)),
                Arguments.of("an object", Wire.mapper().createObjectNode().put("id", 1)),
                Arguments.of(
                        "an integer beyond 64 bits",
                        Wire.mapper().valueToTree(new java.math.BigInteger("123456789012345678901234567890"))));
    }

    @ParameterizedTest(name = "SubmitExecution with progressToken {0}")
    @MethodSource("unstorableProgressTokens")
    void unstorableProgressTokenIsRejected(String what, JsonNode token) {
        String example = "examples/kafka/taskgate.commands.v1/SubmitExecution.mcp-2025-task.json";
        ObjectNode broken = copy(example);
        broken.set("progressToken", token);

        ContractTypes type = typeOf(example);
        assertWireRejects(broken, type);
        if (!"an integer beyond 64 bits".equals(what)) { // JSON Schema "integer" has no width
            assertThat(SchemaFiles.validate(type.schemaPath(), broken))
                    .as("schema errors")
                    .isNotEmpty();
        }
    }

    private static void assertRejectedBySchemaAndWire(String example, ObjectNode broken) {
        ContractTypes type = typeOf(example);
        assertThat(SchemaFiles.validate(type.schemaPath(), broken))
                .as("schema errors")
                .isNotEmpty();
        assertWireRejects(broken, type);
    }

    /**
     * The bytes a consumer parses: payload members opened with the example key. A variant whose execution or message
     * id was broken cannot be opened (its payload is bound to the id, and Java reads some malformed UUIDs as other
     * ones), so it is parsed as it is and must be rejected for that id.
     */
    private static byte[] asRead(JsonNode record) {
        byte[] bytes = Wire.toBytes(record);
        try {
            return SchemaFiles.opened(bytes);
        } catch (IllegalArgumentException | PayloadUnreadableException e) {
            return bytes;
        }
    }

    private static void assertWireRejects(JsonNode broken, ContractTypes type) {
        byte[] bytes = asRead(broken);
        assertThatThrownBy(() -> Wire.fromBytes(bytes, type.readAs()))
                .isInstanceOf(Wire.MalformedRecordException.class);
    }

    private static ObjectNode copy(String example) {
        return (ObjectNode) SchemaFiles.json(example).deepCopy();
    }

    private static void set(ObjectNode root, String pointer, String value) {
        JsonPointer at = JsonPointer.compile(pointer);
        ((ObjectNode) root.at(at.head())).put(at.last().getMatchingProperty(), value);
    }
}
