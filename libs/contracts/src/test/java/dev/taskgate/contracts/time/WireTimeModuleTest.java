package dev.taskgate.contracts.time;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.ContextualSerializer;

import dev.taskgate.contracts.Wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The wire mapper's instants: its own codec where it applies, Jackson's everywhere else, the same results. */
class WireTimeModuleTest {

    record Stamped(Instant at) {}

    private final ObjectMapper mapper = Wire.mapper();

    @Test
    void theWireMapperUsesTheModulesSerializerAndDeserializer() throws Exception {
        assertThat(mapper.getSerializerProviderInstance().findValueSerializer(Instant.class))
                .isInstanceOf(WireInstantSerializer.class);
        assertThat(mapper.getDeserializationContext()
                        .getFactory()
                        .createBeanDeserializer(
                                mapper.getDeserializationContext(),
                                mapper.constructType(Instant.class),
                                mapper.getDeserializationConfig().introspect(mapper.constructType(Instant.class))))
                .isInstanceOf(WireInstantDeserializer.class);
    }

    /** Jackson makes each property its own serializer from the registered one: it must stay the module's. */
    @Test
    void aPropertysSerializerIsStillTheModules() throws Exception {
        SerializerProvider provider = mapper.getSerializerProviderInstance();
        JsonSerializer<Object> registered = provider.findValueSerializer(Instant.class);

        assertThat(((ContextualSerializer) registered).createContextual(provider, null))
                .isInstanceOf(WireInstantSerializer.class);
        assertThat(provider.findContentValueSerializer(Instant.class, null)).isInstanceOf(WireInstantSerializer.class);
    }

    @Test
    void aRecordsInstantRoundTripsInTheCanonicalForm() throws Exception {
        Instant at = Instant.parse("2026-12-05T04:00:00.120Z");

        String json = mapper.writeValueAsString(new Stamped(at));

        assertThat(json).isEqualTo("{\"at\":\"2026-12-05T04:00:00.120Z\"}");
        assertThat(mapper.readValue(json, Stamped.class).at()).isEqualTo(at);
    }

    @Test
    void formsOutsideTheCanonicalOneAreStillReadByJackson() throws Exception {
        assertThat(mapper.readValue("{\"at\":\"2026-12-05T05:00:00+01:00\"}", Stamped.class)
                        .at())
                .isEqualTo(Instant.parse("2026-12-05T04:00:00Z"));
        assertThat(mapper.readValue("{\"at\":\"2026-12-05t04:00:00z\"}", Stamped.class)
                        .at())
                .isEqualTo(Instant.parse("2026-12-05T04:00:00Z"));
        assertThat(mapper.readValue("{\"at\":1764907200}", Stamped.class).at())
                .isEqualTo(Instant.ofEpochSecond(1_764_907_200L));
    }

    @Test
    void aStringThatIsNoInstantIsRefusedAsBefore() {
        assertThatThrownBy(() -> mapper.readValue("{\"at\":\"2026-02-30T00:00:00Z\"}", Stamped.class))
                .isInstanceOf(JsonMappingException.class)
                .hasMessageContaining("2026-02-30T00:00:00Z");
        assertThatThrownBy(() -> Wire.fromBytes("{\"at\":\"yesterday\"}".getBytes(), Stamped.class))
                .isInstanceOf(Wire.MalformedRecordException.class);
    }
}
