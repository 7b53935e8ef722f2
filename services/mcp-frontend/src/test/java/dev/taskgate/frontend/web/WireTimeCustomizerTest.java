package dev.taskgate.frontend.web;

import java.time.Instant;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.test.junit.QuarkusTest;

import static org.assertj.core.api.Assertions.assertThat;

/** The service's HTTP bodies take their instants through the wire codec, not Jackson's own one registered before it. */
@QuarkusTest
class WireTimeCustomizerTest {
    @Inject
    ObjectMapper mapper;

    @Test
    void theHttpMapperWritesAndReadsInstantsWithTheWireCodec() throws Exception {
        // as a property gets it: Jackson contextualises the registered serializer for each property
        assertThat(mapper.getSerializerProviderInstance()
                        .findContentValueSerializer(Instant.class, null)
                        .getClass()
                        .getName())
                .isEqualTo("dev.taskgate.contracts.time.WireInstantSerializer");
        Instant at = Instant.parse("2026-12-05T04:00:00.120Z");
        assertThat(mapper.writeValueAsString(at)).isEqualTo("\"2026-12-05T04:00:00.120Z\"");
        assertThat(mapper.readValue("\"2026-12-05T04:00:00.120Z\"", Instant.class))
                .isEqualTo(at);
    }
}
