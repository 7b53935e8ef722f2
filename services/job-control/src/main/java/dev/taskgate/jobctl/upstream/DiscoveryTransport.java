package dev.taskgate.jobctl.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * How a {@link DiscoverySession}'s messages reach one upstream and come back: Streamable HTTP ({@link
 * HttpDiscoveryTransport}) or the standard input and output of a process started for the session ({@link
 * StdioDiscoveryTransport}). The JSON-RPC work (ids, initialize or discover, errors, results) is the session's, not the
 * transport's.
 */
interface DiscoveryTransport extends AutoCloseable {

    /**
     * Sends the request {@code message} and returns the upstream's JSON-RPC response to it (the message whose id is
     * {@code id}), error or result.
     */
    JsonNode exchange(long id, ObjectNode message, String method) throws UpstreamException;

    /** Sends a notification. */
    void sendNotification(ObjectNode message, String method) throws UpstreamException;

    /** Whether the upstream can send messages of its own outside an exchange ({@link #openServerStream()}). */
    boolean hasServerStream();

    /** Opens the stream of the upstream's own messages; only where {@link #hasServerStream()}. */
    ServerStream openServerStream() throws UpstreamException;

    /** Sends the response {@code message} to a request the upstream made on its stream. */
    void answer(ObjectNode message) throws UpstreamException;

    /** Ends the session with the upstream, best effort. */
    @Override
    void close();
}
