package dev.taskgate.contracts;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.PreTaskInput;
import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.contracts.operator.AuditEntry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The schemas, the examples and the Java records describe the same messages: every example is valid, reads into
 * its record (payload members opened with the example key, {@link SchemaFiles#EXAMPLE_PAYLOAD_KEY}) and writes back
 * to the same JSON; every record type has a schema and an
 * example; each schema names exactly the record's members and requires exactly what the record requires.
 */
class ContractSchemaTest {

    static List<String> examples() {
        return SchemaFiles.files("examples", ".json");
    }

    static List<ContractTypes> contractTypes() {
        return ContractTypes.ALL;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void exampleValidatesAgainstItsSchema(String example) {
        assertThat(SchemaFiles.validate(SchemaFiles.schemaPathOf(example), SchemaFiles.json(example)))
                .isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void exampleRoundTripsThroughItsRecord(String example) throws IOException {
        ContractTypes type = ContractTypes.ofExample(example).orElseThrow();

        boolean kafka = type.isKafkaRecord();
        byte[] read = kafka ? SchemaFiles.opened(SchemaFiles.bytes(example)) : SchemaFiles.bytes(example);

        Object value = Wire.fromBytes(read, type.readAs());
        byte[] writtenBytes = Wire.toBytes(value);
        JsonNode written = Wire.mapper().readTree(writtenBytes);

        assertThat(value).isExactlyInstanceOf(type.type());
        // what a producer sends: the record written back with its payload members sealed again
        JsonNode sent = Wire.mapper().readTree(kafka ? SchemaFiles.sealed(writtenBytes) : writtenBytes);
        assertThat(SchemaFiles.validate(type.schemaPath(), sent)).isEmpty();
        assertThat(written).isEqualTo(Wire.mapper().readTree(read));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void everyExampleBelongsToAKnownRecordType(String example) {
        assertThat(ContractTypes.ofExample(example))
                .as("examples/<folder>/<Type>[.<variant>].json must name a record type of that folder")
                .isPresent();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("contractTypes")
    void everyRecordTypeHasASchemaWithItsIdAndAtLeastOneExample(ContractTypes type) {
        assertThat(SchemaFiles.exists(type.schemaPath())).as(type.schemaPath()).isTrue();
        JsonNode schema = SchemaFiles.json(type.schemaPath());
        assertThat(schema.path("$schema").asText()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
        assertThat(schema.path("$id").asText()).isEqualTo(SchemaFiles.ID_BASE + type.schemaPath());
        assertThat(SchemaFiles.files("examples/" + type.folder(), ".json"))
                .anyMatch(p -> p.startsWith("examples/" + type.folder() + "/" + type.name() + "."));
        if (type.isKafkaRecord()) {
            JsonNode resolved = SchemaFiles.resolvedSchema(type.schemaPath());
            assertThat(resolved.at("/properties/type/const").asText()).isEqualTo(type.name());
            List<String> required = new ArrayList<>();
            resolved.path("required").forEach(n -> required.add(n.asText()));
            assertThat(required).contains("type");
        }
    }

    @Test
    void everySchemaFileDescribesAKnownRecordType() {
        List<String> schemas = new ArrayList<>(SchemaFiles.files("kafka", ".schema.json"));
        schemas.addAll(SchemaFiles.files("api", ".schema.json"));
        schemas.remove("kafka/common.schema.json");

        assertThat(schemas)
                .containsExactlyInAnyOrderElementsOf(ContractTypes.ALL.stream()
                        .map(ContractTypes::schemaPath)
                        .toList());
    }

    @Test
    void typeNamesAreTheRecordsSimpleNames() throws ReflectiveOperationException {
        for (ContractTypes type : ContractTypes.ALL) {
            if (!type.isKafkaRecord()) {
                continue;
            }
            assertThat(type.name()).isEqualTo(type.type().getSimpleName());
            if (type.typeIdEnforced()) {
                JsonSubTypes subTypes = type.readAs().getAnnotation(JsonSubTypes.class);
                assertThat(subTypes.value())
                        .filteredOn(t -> t.value() == type.type())
                        .extracting(JsonSubTypes.Type::name)
                        .containsExactly(type.name());
            } else {
                assertThat(type.type().getField("TYPE").get(null)).isEqualTo(type.name());
            }
        }
    }

    /** A new sealed family or typed record in contracts must get a topic, a schema and examples here. */
    @Test
    void everyKafkaRecordTypeInContractsIsCovered() throws IOException, URISyntaxException {
        Set<Class<?>> sealedFamilies = new HashSet<>();
        Set<Class<?>> typedRecords = new HashSet<>();
        for (Class<?> c : contractClasses()) {
            if (c.isInterface() && c.isSealed() && c.isAnnotationPresent(JsonTypeInfo.class)) {
                sealedFamilies.add(c);
            }
            if (c.isRecord() && hasTypeAccessor(c)) {
                typedRecords.add(c);
            }
        }
        assertThat(sealedFamilies).isNotEmpty();
        assertThat(typedRecords).isNotEmpty();

        Set<Class<?>> covered =
                ContractTypes.ALL.stream().map(ContractTypes::type).collect(Collectors.toSet());
        for (Class<?> family : sealedFamilies) {
            assertThat(covered)
                    .as("permitted subclasses of " + family.getSimpleName())
                    .contains(family.getPermittedSubclasses());
        }
        assertThat(covered).containsAll(typedRecords);
    }

    static Stream<Arguments> shapes() {
        List<Arguments> shapes = new ArrayList<>();
        for (ContractTypes type : ContractTypes.ALL) {
            shapes.add(Arguments.of(type.schemaPath(), "", type.type()));
        }
        shapes.add(Arguments.of("kafka/common.schema.json", "/$defs/caller", Caller.class));
        shapes.add(Arguments.of("kafka/common.schema.json", "/$defs/problem", Problem.class));
        shapes.add(Arguments.of("kafka/common.schema.json", "/$defs/executionSnapshot", ExecutionSnapshot.class));
        shapes.add(Arguments.of(
                "kafka/taskgate.worker-heartbeats.v1/WorkerHeartbeat.schema.json",
                "/$defs/heldExecution",
                WorkerHeartbeat.HeldExecution.class));
        shapes.add(Arguments.of(
                "api/ExecutionOutcome.schema.json", "/properties/error", ExecutionOutcome.ExecutionError.class));
        shapes.add(Arguments.of("operations/catalog.schema.json", "/$defs/operation", OperationSpec.class));
        shapes.add(Arguments.of("api/AuditPage.schema.json", "/$defs/auditEntry", AuditEntry.class));
        shapes.add(Arguments.of(
                "api/UpstreamFeatureAnswer.schema.json",
                "/properties/failure",
                dev.taskgate.contracts.upstream.UpstreamFeatureAnswer.Failure.class));
        shapes.add(Arguments.of("operations/catalog.schema.json", "/$defs/preTaskInput", PreTaskInput.class));
        return shapes.stream();
    }

    @ParameterizedTest(name = "{0}#{1}")
    @MethodSource("shapes")
    void schemaNamesAndRequiresExactlyWhatTheRecordDoes(String schemaPath, String pointer, Class<?> record) {
        JsonNode schema = pointer.isEmpty()
                ? SchemaFiles.resolvedSchema(schemaPath)
                : SchemaFiles.json(schemaPath).at(pointer);
        Set<String> properties = new TreeSet<>();
        schema.path("properties").fieldNames().forEachRemaining(properties::add);
        Set<String> required = new TreeSet<>();
        schema.path("required").forEach(n -> required.add(n.asText()));
        Set<String> expectedProperties = new TreeSet<>(RecordShapes.members(record));
        Set<String> expectedRequired = new TreeSet<>(RecordShapes.required(record));
        if (hasTypeAccessor(record) || isSealedSubtype(record)) {
            expectedProperties.add("type");
            expectedRequired.add("type");
        }

        assertThat(properties).as("properties").isEqualTo(expectedProperties);
        assertThat(required).as("required").isEqualTo(expectedRequired);
        assertThat(schema.path("additionalProperties").asBoolean(true))
                .as("consumers ignore unknown members, so schemas allow them")
                .isTrue();
        schema.path("properties")
                .forEach(member ->
                        assertThat(member.path("description").asText()).isNotBlank());
    }

    /** A {@code type()} accessor serialised as {@code type} that is not a record component (unlike Problem's). */
    private static boolean hasTypeAccessor(Class<?> c) {
        if (c.isRecord()
                && Arrays.stream(c.getRecordComponents())
                        .anyMatch(rc -> rc.getName().equals("type"))) {
            return false;
        }
        try {
            JsonProperty property = c.getMethod("type").getAnnotation(JsonProperty.class);
            return property != null && property.value().equals("type");
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static boolean isSealedSubtype(Class<?> c) {
        return Arrays.stream(c.getInterfaces())
                .anyMatch(i -> i.isSealed() && i.isAnnotationPresent(JsonTypeInfo.class));
    }

    private static List<Class<?>> contractClasses() throws IOException, URISyntaxException {
        Path root = Path.of(
                Wire.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> p.toString().endsWith(".class"))
                    .map(p -> root.relativize(p).toString().replace('/', '.').replace('\\', '.'))
                    .map(name -> name.substring(0, name.length() - ".class".length()))
                    .map(ContractSchemaTest::load)
                    .toList();
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, ContractSchemaTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(name, e);
        }
    }
}
