package dev.taskgate.frontend.mcp.stdio;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;

import dev.taskgate.testsupport.mcp.McpStdioClient;
import dev.taskgate.testsupport.mcp.McpTestClient;

/** The stdio transport driven in-process: piped standard input and output, the server's side closed when it ends. */
final class InProcessStdio {
    private InProcessStdio() {}

    /** A client of a new connection of {@code transport}, every request authenticated with {@code token}. */
    static McpStdioClient connect(StdioTransport transport, String token) {
        try {
            PipedOutputStream toServer = new PipedOutputStream();
            PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 16);
            PipedInputStream fromServer = new PipedInputStream(1 << 16);
            PipedOutputStream serverOut = new PipedOutputStream(fromServer);
            transport.connect(serverIn, serverOut, token, () -> {
                try {
                    serverOut.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            return McpTestClient.stdio(fromServer, toServer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
