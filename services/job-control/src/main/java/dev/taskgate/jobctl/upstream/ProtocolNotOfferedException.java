package dev.taskgate.jobctl.upstream;

/** The upstream answered {@code server/discover} without the version asked for among its supported ones. */
public class ProtocolNotOfferedException extends UpstreamException {
    private static final long serialVersionUID = 1L;

    ProtocolNotOfferedException(String message) {
        super(message);
    }
}
