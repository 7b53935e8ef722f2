package dev.taskgate.jobctl.upstream;

import java.io.InputStream;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.upstream.UpstreamDefinition;

/**
 * MCP's stdio transport for discovery: a process started for this session ({@link UpstreamProcess}), one JSON-RPC
 * message per line each way, stopped by {@link #close()}. What the upstream sends besides the answer awaited
 * (notifications, its own requests, late answers) is skipped, as over HTTP; anything that is not JSON-RPC ends the
 * session, since the specification allows nothing else on its output.
 */
final class StdioDiscoveryTransport implements DiscoveryTransport {

    private final UpstreamDefinition upstream;
    private final UpstreamProcess process;
    private final Duration timeout;

    private StdioDiscoveryTransport(UpstreamDefinition upstream, UpstreamProcess process) {
        this.upstream = upstream;
        this.process = process;
        this.timeout = upstream.callTimeout().compareTo(Duration.ofMinutes(1)) < 0
                ? upstream.callTimeout()
                : Duration.ofMinutes(1);
    }

    static StdioDiscoveryTransport start(UpstreamDefinition upstream) throws UpstreamException {
        return new StdioDiscoveryTransport(upstream, UpstreamProcess.start(upstream));
    }

    @Override
    public JsonNode exchange(long id, ObjectNode message, String method) throws UpstreamException {
        process.send(Wire.toBytes(message), method);
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                UpstreamProcess.Output output = left <= 0 ? null : process.next(Duration.ofNanos(left));
                if (output == null) {
                    throw new UpstreamException("upstream " + upstream.id() + " did not answer " + method + " within "
                            + timeout.toMillis() + " ms");
                }
                if (output.ended()) {
                    throw new UpstreamException("upstream " + upstream.id() + " ended its output before answering "
                            + method + ": "
                            + (output.failure() == null
                                    ? process.exitStatus()
                                    : output.failure().getMessage()));
                }
                if (output.line().isBlank()) {
                    continue;
                }
                JsonNode answer = DiscoverySession.parse(upstream, output.line(), method);
                if (!answer.has("method") && answer.path("id").asLong(-1) == id) {
                    return answer;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UpstreamException("interrupted while calling upstream " + upstream.id());
        }
    }

    @Override
    public void sendNotification(ObjectNode message, String method) throws UpstreamException {
        process.send(Wire.toBytes(message), method);
    }

    // a stdio upstream's own messages arrive between answers on the same output; they are skipped, and its tool list
    // is read on schedule instead of on notifications/tools/list_changed
    @Override
    public boolean hasServerStream() {
        return false;
    }

    @Override
    public ServerStream openServerStream() {
        return new ServerStream(ServerStream.Kind.NOT_OFFERED, InputStream.nullInputStream());
    }

    @Override
    public void answer(ObjectNode message) throws UpstreamException {
        process.send(Wire.toBytes(message), "its own request");
    }

    @Override
    public void close() {
        process.stop();
    }
}
