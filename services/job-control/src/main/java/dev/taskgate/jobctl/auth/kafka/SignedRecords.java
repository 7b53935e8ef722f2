package dev.taskgate.jobctl.auth.kafka;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.apache.kafka.clients.consumer.ConsumerRecord;
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
        String payload = record.getPayload();
        return refusal(
                authentication,
                issuer,
                metadata.getHeaders().lastHeader(RecordSignature.HEADER),
                metadata.getTopic(),
                metadata.getPartition(),
                metadata.getOffset(),
                metadata.getKey(),
                payload == null ? null : payload.getBytes(StandardCharsets.UTF_8));
    }

    /** Why a record read by a consumer of job-control's own must not be applied, or empty when {@code issuer} signed it. */
    public static Optional<InvalidRecordSignatureException> refusal(
            RecordAuthentication authentication, ConsumerRecord<String, byte[]> record, String issuer) {
        return refusal(
                authentication,
                issuer,
                record.headers().lastHeader(RecordSignature.HEADER),
                record.topic(),
                record.partition(),
                record.offset(),
                record.key(),
                record.value());
    }

    private static Optional<InvalidRecordSignatureException> refusal(
            RecordAuthentication authentication,
            String issuer,
            Header header,
            String topic,
            int partition,
            long offset,
            String key,
            byte[] value) {
        Optional<InvalidRecordSignatureException> refusal = authentication.refusal(
                header == null ? null : new String(header.value(), StandardCharsets.UTF_8), issuer, topic, key, value);
        refusal.ifPresent(e -> LOG.warnf(
                "Record refused, not applied [topic=%s partition=%d offset=%d reason=%s refusedOnTopic=%d]",
                topic, partition, offset, e.getMessage(), authentication.refused(topic)));
        return refusal;
    }
}
