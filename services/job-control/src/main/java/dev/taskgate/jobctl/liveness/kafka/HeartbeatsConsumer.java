package dev.taskgate.jobctl.liveness.kafka;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.auth.RecordAuthentication;
import dev.taskgate.jobctl.auth.kafka.SignedRecords;
import dev.taskgate.jobctl.liveness.HeartbeatListening;
import dev.taskgate.jobctl.liveness.WorkerLivenessService;

/**
 * Records each heartbeat of {@code taskgate.worker-heartbeats.v1}, which every instance reads whole
 * ({@link HeartbeatReader}). Nothing is committed: a restarted instance only cares about heartbeats sent from then
 * on. A heartbeat that does not parse, or cannot be recorded, is dropped with a log line; the next one follows within
 * seconds, and the heartbeat timeout spans several of them. A heartbeat not signed by worker-pool
 * ({@link RecordAuthentication}) is dropped the same way (the topic has no dead-letter topic): it must not keep a
 * dead worker alive.
 */
@ApplicationScoped
public class HeartbeatsConsumer {

    private static final Logger LOG = Logger.getLogger(HeartbeatsConsumer.class);
    /**
     * How long the reader waits for one heartbeat to be recorded: bounded, so that a database that does not answer
     * cannot stop the reading for good (a failure counts as not recorded).
     */
    private static final Duration RECORD_WAIT = Duration.ofSeconds(10);

    private final WorkerLivenessService liveness;
    private final RecordAuthentication authentication;
    private final HeartbeatListening listening;
    private final DbClock clock;

    HeartbeatsConsumer(
            WorkerLivenessService liveness,
            RecordAuthentication authentication,
            HeartbeatListening listening,
            DbClock clock) {
        this.liveness = liveness;
        this.authentication = authentication;
        this.listening = listening;
        this.clock = clock;
    }

    /** Handles one heartbeat record; blocks the calling thread (the reader's) until it is recorded or dropped. */
    public void onHeartbeat(ConsumerRecord<String, byte[]> record) {
        if (SignedRecords.refusal(authentication, record, RecordAuthentication.WORKER_POOL)
                .isPresent()) {
            return;
        }
        WorkerHeartbeat beat;
        try {
            if (record.value() == null) {
                throw new IllegalArgumentException("record without a value");
            }
            beat = Wire.fromBytes(record.value(), WorkerHeartbeat.class);
        } catch (Wire.MalformedRecordException | IllegalArgumentException e) {
            LOG.warnf(e, "Dropping a heartbeat record that does not parse");
            return;
        }
        try {
            liveness.record(beat).await().atMost(RECORD_WAIT);
            listening.heartbeatRecorded(clock.now());
        } catch (RuntimeException e) {
            // silences are not trusted for a whole heartbeat timeout from here (HeartbeatListening)
            listening.recordingFailed(clock.now());
            LOG.warnf(e, "Heartbeat not recorded [workerId=%s messageId=%s]", beat.workerId(), beat.messageId());
        }
    }
}
