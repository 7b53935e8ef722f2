package dev.taskgate.jobctl.liveness.kafka;

import java.nio.charset.StandardCharsets;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.jobctl.DbClock;
import dev.taskgate.jobctl.auth.RecordAuthentication;
import dev.taskgate.jobctl.auth.kafka.SignedRecords;
import dev.taskgate.jobctl.liveness.HeartbeatListening;
import dev.taskgate.jobctl.liveness.WorkerLivenessService;

/**
 * Reads {@code taskgate.worker-heartbeats.v1} (every instance, own group; see application.properties) and records
 * each heartbeat. Nothing is committed: a restarted instance only cares about heartbeats sent from then on. A
 * heartbeat that does not parse, or cannot be recorded, is dropped with a log line; the next one follows within
 * seconds, and the heartbeat timeout spans several of them. A heartbeat not signed by worker-pool
 * ({@link RecordAuthentication}) is dropped the same way (the topic has no dead-letter topic): it must not keep a
 * dead worker alive.
 */
@ApplicationScoped
public class HeartbeatsConsumer {

    private static final Logger LOG = Logger.getLogger(HeartbeatsConsumer.class);

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

    /** Handles one heartbeat record. */
    @Incoming("heartbeats-in")
    public Uni<Void> onHeartbeat(Message<String> record) {
        if (SignedRecords.refusal(authentication, record, RecordAuthentication.WORKER_POOL)
                .isPresent()) {
            return Uni.createFrom().completionStage(record.ack());
        }
        WorkerHeartbeat beat;
        try {
            if (record.getPayload() == null) {
                throw new IllegalArgumentException("record without a value");
            }
            beat = Wire.fromBytes(record.getPayload().getBytes(StandardCharsets.UTF_8), WorkerHeartbeat.class);
        } catch (Wire.MalformedRecordException | IllegalArgumentException e) {
            LOG.warnf(e, "Dropping a heartbeat record that does not parse");
            return Uni.createFrom().completionStage(record.ack());
        }
        return liveness.record(beat)
                .invoke(() -> listening.heartbeatRecorded(clock.now()))
                .onFailure()
                .recoverWithUni(e -> {
                    // silences are not trusted for a whole heartbeat timeout from here (HeartbeatListening)
                    listening.recordingFailed(clock.now());
                    LOG.warnf(
                            e, "Heartbeat not recorded [workerId=%s messageId=%s]", beat.workerId(), beat.messageId());
                    return Uni.createFrom().voidItem();
                })
                .onItem()
                .transformToUni(v -> Uni.createFrom().completionStage(record.ack()));
    }
}
