package dev.taskgate.worker.child.upstream;

import java.time.Duration;
import java.util.Optional;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.OperationStoppedException;

/**
 * How a {@link McpSession}'s messages reach one upstream and come back: Streamable HTTP ({@link McpHttpTransport}) or
 * the standard input and output of a process started for the run ({@link McpStdioTransport}). Ids, answers, server
 * requests, cancellation and timeouts are the session's; a transport only moves messages and says how it failed.
 */
interface McpTransport {

    /** What the upstream sends after a request, message by message, until the session has its answer. */
    interface Incoming {
        /** The next item, waiting at most {@code timeout}; {@code null} when none came. */
        StreamItem poll(Duration timeout) throws InterruptedException;

        /**
         * The failure of a request whose messages ended before its answer ({@code ending} is a {@link StreamItem.End}
         * or {@link StreamItem.Failed}).
         */
        UpstreamException ended(StreamItem ending, String method);

        /** The session has its answer, or gave up: nothing more is read for this request. */
        void close();
    }

    /**
     * Sends a request.
     *
     * @param stoppable whether a stop request ends the wait for the transport to take it
     * @throws UpstreamException         when the upstream refused it or could not be reached
     * @throws OperationStoppedException when a stop was requested while sending
     */
    Incoming send(ObjectNode request, String method, Deadline deadline, boolean stoppable)
            throws OperationStoppedException, InterruptedException;

    /** Sends a notification or the response to a server request; the upstream must accept it. */
    void post(ObjectNode message, String what, Deadline deadline)
            throws OperationStoppedException, InterruptedException;

    /** The upstream's session id, for transports that have one. */
    Optional<String> sessionId();

    /** Continues the session {@code sessionId} an earlier run left, speaking {@code version}. */
    void adopt(String sessionId, String version);

    /** The protocol version {@code initialize} negotiated. */
    void negotiated(String version);

    /** Starts over without a session. */
    void reset();

    /** Ends the session with the upstream (and a stdio upstream's process), best effort. */
    void terminate();
}
