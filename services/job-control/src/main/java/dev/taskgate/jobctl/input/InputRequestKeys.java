package dev.taskgate.jobctl.input;

import java.security.SecureRandom;
import java.util.Base64;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * Mints public input request keys: {@code ir_} + 128 random bits (base64url). Unguessable, so a key alone reveals
 * nothing and cannot be enumerated; unique for the execution's whole lifetime (tasks extension §7).
 */
@ApplicationScoped
public class InputRequestKeys {

    private static final int KEY_BYTES = 16;

    private final SecureRandom random = new SecureRandom();

    /** A fresh key. */
    public String newKey() {
        byte[] bytes = new byte[KEY_BYTES];
        random.nextBytes(bytes);
        return "ir_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
