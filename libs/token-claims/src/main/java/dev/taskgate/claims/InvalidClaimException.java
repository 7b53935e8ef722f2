package dev.taskgate.claims;

/**
 * A verified token whose claims break the edge's rules: the token is unusable (401), like one with a bad signature.
 * The message names the claim and the rule, never the claim's value (it may hold anything, control characters too).
 */
public final class InvalidClaimException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InvalidClaimException(String claim, String rule) {
        super(claim + " claim " + rule, null, false, false);
    }
}
