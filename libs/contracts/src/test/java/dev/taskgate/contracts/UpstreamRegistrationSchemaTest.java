package dev.taskgate.contracts;

import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.operator.OperatorUpstream;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamJson;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request body of an upstream registration is documented in {@code OperatorUpstream.schema.json#/$defs/registration}
 * with exactly the members the API reads, and the definition an answer shows reads back into the same upstream.
 */
class UpstreamRegistrationSchemaTest {

    @Test
    void theRegistrationSchemaNamesTheMembersOfTheFile() {
        JsonNode registration =
                SchemaFiles.json("api/OperatorUpstream.schema.json").at("/$defs/registration");
        Set<String> documented = new TreeSet<>();
        registration.path("properties").fieldNames().forEachRemaining(documented::add);
        Set<String> read = new TreeSet<>(UpstreamJson.FIELDS);

        assertThat(documented).isEqualTo(read);
        assertThat(registration.path("additionalProperties").asBoolean(true)).isFalse();
    }

    @Test
    void theDefinitionShownReadsBackIntoTheSameUpstreamWithoutACredential() {
        OperatorUpstream shown =
                Wire.fromBytes(SchemaFiles.bytes("examples/api/OperatorUpstream.json"), OperatorUpstream.class);

        UpstreamDefinition read = UpstreamJson.parse(shown.definition(), UpstreamJson.FIELDS, node -> {
            throw new AssertionError("no credential is shown");
        });

        assertThat(UpstreamJson.write(read)).isEqualTo(shown.definition());
        assertThat(read.credential()).isEmpty();
        assertThat(read.policyOf("query").readOnly()).isTrue();
    }
}
