package dev.taskgate.jobctl;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The consumers that keep a record through a dependency outage (libs/record-retry) have SmallRye's check of
 * unacknowledged records switched off: with its default (60 s), a PostgreSQL outage of a minute marked the
 * worker-events channel failed and stopped it for good, and job-control never became ready again (OutageE2E).
 */
class OutageChannelSettingsTest {

    @ParameterizedTest
    @ValueSource(strings = {"commands-in", "worker-events-in"})
    void aRecordKeptThroughAnOutageNeverFailsItsChannel(String channel) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/application.properties")) {
            assertThat(in).as("application.properties on the class path").isNotNull();
            properties.load(in);
        }
        String prefix = "mp.messaging.incoming." + channel + ".";
        assertThat(properties.getProperty(prefix + "enable.auto.commit")).isEqualTo("false");
        assertThat(properties.getProperty(prefix + "commit-strategy", "throttled"))
                .isEqualTo("throttled");
        assertThat(properties.getProperty(prefix + "throttled.unprocessed-record-max-age.ms"))
                .isEqualTo("0");
    }
}
