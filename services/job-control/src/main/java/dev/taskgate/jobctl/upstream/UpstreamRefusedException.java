package dev.taskgate.jobctl.upstream;

/** The upstream answered a request with a JSON-RPC error; its code and message are the upstream's own words. */
public class UpstreamRefusedException extends UpstreamException {
    private static final long serialVersionUID = 1L;

    private final int code;
    private final String upstreamMessage;

    UpstreamRefusedException(String message, int code, String upstreamMessage) {
        super(message);
        this.code = code;
        this.upstreamMessage = upstreamMessage;
    }

    /** The JSON-RPC error code the upstream answered. */
    public int code() {
        return code;
    }

    /** The JSON-RPC error message the upstream answered. */
    public String upstreamMessage() {
        return upstreamMessage;
    }
}
