package dev.taskgate.jobctl.auth.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.apache.kafka.common.header.Header;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordMetadata;

import dev.taskgate.jobctl.auth.RecordAuthentication;
import dev.taskgate.serviceauth.InvalidRecordSignatureException;
import dev.taskgate.serviceauth.RecordSignature;

/**
 * Checks the signature of one consumed record before anything parses it ({@link RecordAuthentication}) and logs a
 * refusal once, with topic, partition, offset and reason — never the value. The consumer then dead-letters or skips
 * the record; it is never applied.
 */
public final class SignedRecords {
    private static final Logger LOG = Logger.getLogger(SignedRecords.class);

    private SignedRecords() {}

    /**
     * Why the record must not be applied, or empty when {@code issuer} signed it. The value is verified as the
     * UTF-8 bytes of the string read, which are the bytes sent for every valid UTF-8 value (all records of
     * {@code Wire}); a value that is not valid UTF-8 does not verify.
     */
    public static Optional<InvalidRecordSignatureException> refusal(
            RecordAuthentication authentication, Message<String> record, String issuer) {
        @SuppressWarnings("unchecked") // the channels read String keys and values (application.properties)
        IncomingKafkaRecordMetadata<String, String> metadata =
                record.getMetadata(IncomingKafkaRecordMetadata.class).orElse(null);
        if (metadata == null) {
            InvalidRecordSignatureException e = new InvalidRecordSignatureException("not a Kafka record");
            LOG.warnf("Record refused [reason=%s]", e.getMessage());
            return Optional.of(e);
        }
        Header header = metadata.getHeaders().lastHeader(RecordSignature.HEADER);
        String payload = record.getPayload();
        Optional<InvalidRecordSignatureException> refusal = authentication.refusal(
                header == null ? null : new String(header.value(), StandardCharsets.UTF_8),
                issuer,
                metadata.getTopic(),
                metadata.getKey(),
                payload == null ? null : payload.getBytes(StandardCharsets.UTF_8));
        refusal.ifPresent(e -> LOG.warnf(
                "Record refused, not applied [topic=%s partition=%d offset=%d reason=%s refusedOnTopic=%d]",
                metadata.getTopic(),
                metadata.getPartition(),
                metadata.getOffset(),
                e.getMessage(),
                authentication.refused(metadata.getTopic())));
        return refusal;
    }
}
