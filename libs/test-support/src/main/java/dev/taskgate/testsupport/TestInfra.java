package dev.taskgate.testsupport;

/**
 * Where the PostgreSQL and Kafka started by {@code bin/test} listen. Surefire and failsafe pass the
 * ports as system properties; the defaults match {@code bin/test}.
 */
public final class TestInfra {
    private TestInfra() {}

    /** The test broker's port. */
    public static int kafkaPort() {
        return Integer.getInteger("taskgate.test.kafka.port", 59092);
    }

    /** The test broker's bootstrap address (loopback only). */
    public static String kafkaBootstrap() {
        return "127.0.0.1:" + kafkaPort();
    }

    /** The test PostgreSQL cluster's port. */
    public static int pgPort() {
        return Integer.getInteger("taskgate.test.pg.port", 55432);
    }
}
