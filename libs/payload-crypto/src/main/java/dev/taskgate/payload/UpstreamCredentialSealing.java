package dev.taskgate.payload;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.UUID;

/**
 * Seals the credential of an upstream registered through the operator API (docs/security.md "Upstream credentials"):
 * job-control stores it sealed and hands it to worker-pool sealed; only the worker's parent opens it, for the child
 * making a call. The upstream's id is bound into the associated data (as the subject and in the label), so a sealed
 * value cannot be moved to another upstream's row.
 */
public final class UpstreamCredentialSealing {
    private final PayloadCipher cipher;

    public UpstreamCredentialSealing(PayloadCipher cipher) {
        this.cipher = Objects.requireNonNull(cipher, "cipher");
    }

    /** {@code value} sealed for the upstream {@code upstreamId}. */
    public byte[] seal(String upstreamId, String value) {
        return cipher.seal(subject(upstreamId), new Role(upstreamId), value.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The value {@link #seal} sealed for {@code upstreamId}.
     *
     * @throws PayloadUnreadableException when it was sealed for another upstream, altered, or under an unknown key
     */
    public String open(String upstreamId, byte[] sealed) {
        return new String(cipher.open(subject(upstreamId), new Role(upstreamId), sealed), StandardCharsets.UTF_8);
    }

    private static UUID subject(String upstreamId) {
        return UUID.nameUUIDFromBytes(("taskgate-upstream:" + upstreamId).getBytes(StandardCharsets.UTF_8));
    }

    // the full id in the label: the subject is only a digest of it
    private record Role(String upstreamId) implements PayloadRole {
        @Override
        public byte[] associatedLabel() {
            return ("upstream-credential\0" + upstreamId).getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String describe() {
            return "credential of upstream " + upstreamId;
        }
    }
}
