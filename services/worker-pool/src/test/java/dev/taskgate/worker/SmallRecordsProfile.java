package dev.taskgate.worker;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * Worker events of at most 3 KiB, for RecordSizeTest: a result or a request for input of a few thousand characters is
 * then too large for its record, as a megabyte is under Kafka's default. The conformance tool pack is on: its
 * {@code test_elicitation} asks for input with the caller's message (at most 2,000 characters, 3.6 KB as a record).
 *
 * <p>Also for StartHoldTest, in the same test application (each profile is a Quarkus build of its own, about 20 s of a
 * CI run): a read-only run holds its {@code Started} for ten minutes, so a quick run always ends within the hold and
 * only what the run itself reports can send it. The other tests run with no hold (the test configuration).
 */
public class SmallRecordsProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "mp.messaging.outgoing.worker-events-out.max.request.size", "3072",
                "taskgate.conformance.enabled", "true",
                "taskgate.worker.start-report-delay", "10m");
    }
}
