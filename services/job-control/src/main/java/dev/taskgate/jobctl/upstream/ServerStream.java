package dev.taskgate.jobctl.upstream;

import java.io.InputStream;

/**
 * How an upstream answered the {@code GET} for its own messages ({@link DiscoverySession#openServerStream()}).
 *
 * @param kind what it answered
 * @param body the event stream while {@link Kind#OPEN}; empty otherwise
 */
record ServerStream(Kind kind, InputStream body) {
    enum Kind {
        /** An event stream, open until either side ends it. */
        OPEN,
        /** 405: the upstream sends no messages of its own outside responses. */
        NOT_OFFERED,
        /** 404: the session is gone; initialize anew. */
        SESSION_GONE
    }
}
