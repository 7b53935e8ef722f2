package dev.taskgate.frontend.support;

import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import dev.taskgate.contracts.Surface;
import dev.taskgate.testsupport.KafkaTestClient;

/**
 * Base of the component tests of {@code /mcp} that also play job-control's records on the real broker, such as the
 * lifecycle record of an execution that ended ({@link PlayedExecution}).
 */
public abstract class McpKafkaComponentTest extends McpComponentTest {
    /** The test's client of the broker, for the whole class. */
    protected static KafkaTestClient kafka;

    @BeforeAll
    static void connectKafka() {
        kafka = KafkaTestClient.connect();
    }

    @AfterAll
    static void disconnectKafka() {
        kafka.close();
    }

    /** The execution {@code id} as job-control and its worker would report it. */
    protected static PlayedExecution played(UUID id, String tool, Surface surface) {
        return new PlayedExecution(kafka, id, tool, surface);
    }
}
