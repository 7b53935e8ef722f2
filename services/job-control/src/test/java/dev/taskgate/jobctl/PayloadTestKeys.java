package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.jobctl.payload.PayloadCipher;
import dev.taskgate.jobctl.payload.PayloadKeyRing;

/** The payload keys the component tests use, and helpers to look at what the table really stores. */
final class PayloadTestKeys {

    /** Key "A": the %test profile's key (application.properties). */
    static final String KEY_A = "test-insecure-1:983KQbHZz+kDTumuGdV/QApkK3FhQd3fVeKLkunV1rE=";
    /** Key "B": the key rotated in by {@link RotatedKeyRingProfile}. */
    static final String KEY_B = "test-insecure-2:n4qt8tvzlxnWLRcvcL4dbzUPMwzAu6jHWcAL1Od7GJg=";

    private PayloadTestKeys() {}

    /** A cipher that has only key A, as an instance configured before the rotation. */
    static PayloadCipher cipherWithOnlyKeyA() {
        return new PayloadCipher(PayloadKeyRing.parse(List.of(KEY_A)), new SecureRandom());
    }

    /** The stored bytes of a column, as they are in the table. */
    static byte[] stored(Pool pool, UUID id, String column) {
        return pool.preparedQuery("select " + column + " from jobctl.execution where id = $1")
                .execute(Tuple.of(id))
                .map(rows -> rows.iterator().next().getBuffer(column).getBytes())
                .await()
                .atMost(JobControlFixture.WAIT);
    }

    /** The key id written in a stored value's header (format version 1). */
    static String keyIdOf(byte[] stored) {
        return new String(Arrays.copyOfRange(stored, 2, 2 + stored[1]), StandardCharsets.US_ASCII);
    }

    /** Stores a completed result as an instance that had only key A would have written it. */
    static void completeUnderKeyA(Pool pool, UUID id, byte[] sealedResult) {
        pool.preparedQuery("update jobctl.execution set state = 'completed', result = $2 where id = $1")
                .execute(Tuple.of(id, Buffer.buffer(sealedResult)))
                .await()
                .atMost(JobControlFixture.WAIT);
    }
}
