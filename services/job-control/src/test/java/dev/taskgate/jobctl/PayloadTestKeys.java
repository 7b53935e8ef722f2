package dev.taskgate.jobctl;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import io.vertx.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.payload.PayloadCipher;
import dev.taskgate.payload.PayloadKeyRing;

/** The payload keys the component tests use, and helpers to look at what the table really stores. */
final class PayloadTestKeys {

    /**
     * The %test profile's ring (application.properties) is "B,A": values are sealed under key "B", and key "A" is
     * still there to open what was sealed before B was rotated in. Key "R" was retired: it is in no ring.
     */
    static final String KEY_A = "test-insecure-1:983KQbHZz+kDTumuGdV/QApkK3FhQd3fVeKLkunV1rE=";

    static final String KEY_B = "test-insecure-2:n4qt8tvzlxnWLRcvcL4dbzUPMwzAu6jHWcAL1Od7GJg=";

    static final String KEY_RETIRED = "test-insecure-0:S2V5IHRoYXQgd2FzIHJldGlyZWQgbG9uZyBhZ28uLi4=";

    private PayloadTestKeys() {}

    /** A cipher that has only {@code key}: an instance configured before a rotation, or after a retirement. */
    static PayloadCipher cipherWithOnly(String key) {
        return new PayloadCipher(PayloadKeyRing.parse("jobctl.payload-keys", List.of(key)), new SecureRandom());
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

    /** Stores a completed result sealed elsewhere, as another instance (with another ring) would have written it. */
    static void completeWith(Pool pool, UUID id, byte[] sealedResult) {
        pool.preparedQuery("update jobctl.execution set state = 'completed', result = $2 where id = $1")
                .execute(Tuple.of(id, Buffer.buffer(sealedResult)))
                .await()
                .atMost(JobControlFixture.WAIT);
    }
}
