package dev.taskgate.frontend.mcp.stdio;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.function.Supplier;

import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.StartupEvent;

import dev.taskgate.frontend.FrontendConfig;
import dev.taskgate.frontend.auth.AuthenticatedCaller;
import dev.taskgate.frontend.mcp.McpServer;
import dev.taskgate.frontend.mcp.ToolListChanges;
import dev.taskgate.frontend.mcp.subscriptions.SubscriptionRequests;
import dev.taskgate.frontend.mcp.subscriptions.SubscriptionStream;
import dev.taskgate.frontend.mcp.subscriptions.Subscriptions;
import dev.taskgate.frontend.mcp.v2025.ClientResponses;
import dev.taskgate.frontend.mcp.v2025.Mcp2025CallInput;
import dev.taskgate.frontend.mcp.v2025.Mcp2025Server;
import dev.taskgate.frontend.mcp.v2025.Mcp2025TaskResults;

/**
 * MCP over stdio (2026-07-28 §7, and the 2025-era adapter), active when {@code taskgate.frontend.stdio.enabled}
 * (the {@code stdio} profile): one {@link StdioConnection} on standard input and output, and nothing else on
 * standard output: {@code System.out} is pointed at standard error before the first line is read, and the profile
 * sends console logging to standard error. The process exits when standard input ends.
 */
@Singleton
public class StdioTransport {
    private static final Logger LOG = Logger.getLogger(StdioTransport.class);

    private final FrontendConfig config;
    private final StdioCredentials credentials;
    private final StdioConnection.Services services;

    StdioTransport(
            FrontendConfig config,
            McpServer server,
            StdioCredentials credentials,
            Mcp2025Server mcp2025,
            Mcp2025TaskResults taskResults,
            Mcp2025CallInput callInput,
            ClientResponses clientResponses,
            ToolListChanges toolLists,
            SubscriptionRequests subscriptionRequests,
            SubscriptionStream subscriptionStream,
            Subscriptions subscriptions) {
        this.config = config;
        this.credentials = credentials;
        this.services = new StdioConnection.Services(
                server,
                mcp2025,
                taskResults,
                callInput,
                clientResponses,
                toolLists,
                new StdioConnection.Listening(subscriptionRequests, subscriptionStream, subscriptions));
    }

    // Late: the command-reply consumer must be positioned before the first request is read.
    void onStart(@Observes @Priority(10_000) StartupEvent event) {
        if (!config.stdio().enabled()) {
            return;
        }
        OutputStream out = new FileOutputStream(FileDescriptor.out);
        System.setOut(System.err);
        connect(System.in, out, credentials::authenticate, () -> Quarkus.asyncExit(0));
        LOG.info("serving MCP over stdio");
    }

    /**
     * Serves one connection reading {@code in} and writing {@code out}, every request authenticated with
     * {@code token} (a JWT checked like {@code TASKGATE_TOKEN}); {@code onEnd} runs once the input ended and what was
     * in flight stopped. For tests, which drive the transport in-process.
     */
    void connect(InputStream in, OutputStream out, String token, Runnable onEnd) {
        connect(in, out, () -> credentials.authenticate(token), onEnd);
    }

    private void connect(InputStream in, OutputStream out, Supplier<AuthenticatedCaller> authenticate, Runnable onEnd) {
        new StdioConnection(services, authenticate, out, config.stdio().concurrency(), onEnd).start(in);
    }
}
