package dev.taskgate.e2e;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ChaosE2E}'s run with PostgreSQL and Kafka in the kill set: besides the SIGKILLs of services, PostgreSQL is
 * stopped once with a fast and once with an immediate shutdown and the Kafka broker once, each for 30-60 s
 * ({@link ChaosKiller}). The verdict is the chaos test's own. Everything runs on a PostgreSQL and Kafka of the test's
 * own ({@link PrivateInfra}, {@link PrivateStack}), never on the shared test infrastructure; outage tier
 * ({@code bin/test --outage}), not in CI, which runs {@link ChaosE2E} without outages in its slow tier.
 */
@OutageTier
class ChaosInfraE2E {
    @Test
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    void executionsSurviveRandomKillsAndRestartsOfPostgresAndKafka() throws Exception {
        Path sandbox = LocalStack.repo().resolve("e2e/target/chaos-infra-sandbox");
        try (PrivateInfra infra = new PrivateInfra("chaos")) {
            infra.start();
            // only its settings: the chaos cluster's own nodes are the services
            PrivateStack stack = new PrivateStack("chaos", infra);
            try (ChaosCluster cluster = ChaosCluster.onPrivateStack(sandbox, stack, infra)) {
                ChaosE2E.run(cluster, sandbox);
            }
        }
    }
}
