package dev.taskgate.jobctl.submit;

import java.util.UUID;

/**
 * A stored receipt: the request a receipt key was first used for, and the execution it created.
 *
 * @param fingerprint the request's {@link RequestFingerprint}
 * @param executionId the execution the key is bound to
 */
public record Receipt(byte[] fingerprint, UUID executionId) {}
