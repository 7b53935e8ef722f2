package dev.taskgate.contracts.handle;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Surface;

/**
 * Public execution ids ({@code docs/security.md}, "Execution handles"): {@code tgx_} + base64url (no padding) of
 * 16-byte execution id ‖ 1-byte surface ‖ the first 16 bytes of HMAC-SHA256(key, id ‖ surface ‖ principal ‖
 * workspace). Principal and workspace enter the MAC as UTF-8, each preceded by its 4-byte big-endian length,
 * so that no two (principal, workspace) pairs share an input ("a b"+"c/d" vs "a bc"+"/d").
 *
 * <p>A handle verifies only for the caller and surface it was minted for; anything else — wrong prefix,
 * length or encoding, a changed byte, another principal, workspace or surface — is simply "no such execution".
 *
 * <p>Shared by the frontends (mint and verify) and webhook-dispatcher (mints the handle a subscriber's caller saw);
 * every service must use the same {@code taskgate.handles.key}. Plain JDK on purpose: no framework types here.
 */
public final class ExecutionHandles {
    /** Prefix of every handle. */
    public static final String PREFIX = "tgx_";
    /** Minimum key length in bytes. */
    public static final int MIN_KEY_BYTES = 32;

    private static final int ID_BYTES = 16;
    private static final int MAC_BYTES = 16;
    private static final int RAW_BYTES = ID_BYTES + 1 + MAC_BYTES;
    private static final String ALGORITHM = "HmacSHA256";

    private final SecretKeySpec key;

    private ExecutionHandles(byte[] key) {
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException(
                    "the handle key must be at least " + MIN_KEY_BYTES + " bytes, got " + key.length);
        }
        this.key = new SecretKeySpec(key.clone(), ALGORITHM);
    }

    /** Handles signed with this raw key (at least 32 bytes). */
    public static ExecutionHandles withKey(byte[] key) {
        return new ExecutionHandles(Objects.requireNonNull(key, "key"));
    }

    /** Handles signed with a base64 key as configured in {@code taskgate.handles.key}. */
    public static ExecutionHandles withBase64Key(String base64) {
        if (base64 == null || base64.isBlank()) {
            throw new IllegalArgumentException("taskgate.handles.key is empty");
        }
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(base64.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("taskgate.handles.key is not valid base64", e);
        }
        return new ExecutionHandles(raw);
    }

    /** The handle for this execution, as seen by this caller through this surface. */
    public String mint(UUID executionId, Surface surface, Caller caller) {
        return mint(executionId, surface, caller.principal(), caller.workspace());
    }

    /**
     * The handle for this execution, for the caller identified by {@code principal} ({@link Caller#principal()}
     * form) and {@code workspace} ({@link Caller#workspace()} form, {@code org/project}); equal to
     * {@link #mint(UUID, Surface, Caller)} for that caller.
     */
    public String mint(UUID executionId, Surface surface, String principal, String workspace) {
        Objects.requireNonNull(executionId, "executionId");
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(workspace, "workspace");
        ByteBuffer raw = ByteBuffer.allocate(RAW_BYTES);
        raw.put(idBytes(executionId)).put(code(surface)).put(mac(executionId, surface, principal, workspace));
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(raw.array());
    }

    /** The execution id, if the handle was minted for exactly this caller and surface; empty otherwise. */
    public Optional<UUID> verify(String handle, Surface surface, Caller caller) {
        return verify(handle, surface, caller.principal(), caller.workspace());
    }

    /**
     * The execution id, if the handle was minted for exactly this owner ({@link Caller#principal()} and
     * {@link Caller#workspace()} forms) and surface; empty otherwise. For a reader who is not the owner (an
     * operator): it first {@link #parse parses} the handle, looks up the owner, then verifies against the owner.
     */
    public Optional<UUID> verify(String handle, Surface surface, String principal, String workspace) {
        Optional<byte[]> raw = canonicalRaw(handle);
        if (raw.isEmpty() || raw.get()[ID_BYTES] != code(surface)) {
            return Optional.empty();
        }
        ByteBuffer buffer = ByteBuffer.wrap(raw.get());
        UUID id = new UUID(buffer.getLong(), buffer.getLong());
        byte[] presented = Arrays.copyOfRange(raw.get(), ID_BYTES + 1, RAW_BYTES);
        if (!MessageDigest.isEqual(presented, mac(id, surface, principal, workspace))) {
            return Optional.empty();
        }
        return Optional.of(id);
    }

    /**
     * The execution id and surface a well-formed handle claims, <em>without</em> checking its MAC: only to find
     * whose handle it claims to be, so that {@link #verify(String, Surface, String, String)} can check it against
     * that owner. Never treat the result as authenticated. Empty for anything that is not a canonical handle.
     */
    public static Optional<Claimed> parse(String handle) {
        return canonicalRaw(handle).flatMap(raw -> {
            Surface surface = surfaceOf(raw[ID_BYTES]);
            if (surface == null) {
                return Optional.empty();
            }
            ByteBuffer buffer = ByteBuffer.wrap(raw);
            return Optional.of(new Claimed(new UUID(buffer.getLong(), buffer.getLong()), surface));
        });
    }

    /**
     * What an unverified handle claims.
     *
     * @param executionId the execution id it names
     * @param surface     the surface it says it was minted for
     */
    public record Claimed(UUID executionId, Surface surface) {}

    private static Optional<byte[]> canonicalRaw(String handle) {
        if (handle == null || !handle.startsWith(PREFIX)) {
            return Optional.empty();
        }
        byte[] raw;
        try {
            raw = Base64.getUrlDecoder().decode(handle.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (raw.length != RAW_BYTES) {
            return Optional.empty();
        }
        // Re-encoding must give back the same text: rejects padded or otherwise non-canonical spellings.
        if (!Base64.getUrlEncoder().withoutPadding().encodeToString(raw).equals(handle.substring(PREFIX.length()))) {
            return Optional.empty();
        }
        return Optional.of(raw);
    }

    private static Surface surfaceOf(byte code) {
        for (Surface s : Surface.values()) {
            if (code(s) == code) {
                return s;
            }
        }
        return null;
    }

    private byte[] mac(UUID executionId, Surface surface, String principalText, String workspaceText) {
        byte[] principal = principalText.getBytes(StandardCharsets.UTF_8);
        byte[] workspace = workspaceText.getBytes(StandardCharsets.UTF_8);
        ByteBuffer input = ByteBuffer.allocate(ID_BYTES + 1 + 4 + principal.length + 4 + workspace.length);
        input.put(idBytes(executionId))
                .put(code(surface))
                .putInt(principal.length)
                .put(principal)
                .putInt(workspace.length)
                .put(workspace);
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return Arrays.copyOf(mac.doFinal(input.array()), MAC_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    private static byte[] idBytes(UUID id) {
        return ByteBuffer.allocate(ID_BYTES)
                .putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits())
                .array();
    }

    // Fixed codes, not ordinals: reordering the enum must not change existing handles.
    private static byte code(Surface surface) {
        switch (surface) {
            case REST:
                return 1;
            case MCP_2025:
                return 2;
            case MCP_2026:
                return 3;
            default:
                throw new IllegalArgumentException("no handle code for surface " + surface);
        }
    }
}
