package dev.taskgate.jobctl.payload;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

import dev.taskgate.payload.PayloadRole;

/**
 * What a stored sealed value is (the column it lives in). The kind is bound into the associated data, so a value sealed as one kind (e.g. an input)
 * cannot be moved into another column (e.g. the result) of the same execution without failing authentication.
 */
public enum PayloadKind implements PayloadRole {
    /** The exact input bytes of a submission. */
    INPUT("input"),
    /** The exact {@code CallToolResult} bytes a worker reported. */
    RESULT("result"),
    /** An input request a running operation made (an MCP {@code InputRequest}). */
    INPUT_REQUEST("input-request"),
    /** A caller's response to an input request. */
    INPUT_RESPONSE("input-response"),
    /** A worker checkpoint. */
    CHECKPOINT("checkpoint"),
    /** The content of an artifact; sealed under the artifact id (as a UUID) instead of an execution id. */
    ARTIFACT("artifact");

    private final byte[] label;

    PayloadKind(String label) {
        this.label = label.getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public byte[] associatedLabel() {
        return label.clone();
    }

    @Override
    public String describe() {
        return "stored " + name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
