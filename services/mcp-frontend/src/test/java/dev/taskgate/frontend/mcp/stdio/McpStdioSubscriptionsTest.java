package dev.taskgate.frontend.mcp.stdio;

import java.time.Duration;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.quarkus.test.junit.QuarkusTest;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.frontend.mcp.subscriptions.Subscriptions;
import dev.taskgate.frontend.support.Fixtures;
import dev.taskgate.frontend.support.UpstreamToolFixtures;
import dev.taskgate.testsupport.McpSchemas;
import dev.taskgate.testsupport.mcp.McpStdioClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code subscriptions/listen} over stdio (MCP 2026-07-28 §7), the transport driven in-process: the acknowledgement
 * and the tool list's changes go out on standard output tagged with the subscription's id, {@code server/discover}
 * promises them, {@code notifications/cancelled} ends a subscription without a result, a connection holds at most two,
 * and the end of input ends them. (What a subscription tells of tasks is shown over HTTP, McpSubscriptionsListenTest:
 * both transports run the same SubscriptionStream.)
 */
@QuarkusTest
class McpStdioSubscriptionsTest {
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String SUBSCRIPTION_ID = "/params/_meta/io.modelcontextprotocol~1subscriptionId";

    @Inject
    StdioTransport transport;

    @Inject
    OperationCatalog catalog;

    @Inject
    Subscriptions subscriptions;

    private McpStdioClient stdio;

    @BeforeEach
    void connect() {
        stdio = InProcessStdio.connect(transport, Fixtures.aliceToken());
    }

    @AfterEach
    void disconnect() {
        catalog.replaceUpstreamTools(UpstreamTools.NONE);
        if (stdio != null) {
            stdio.close();
            stdio.awaitEnd(PATIENCE);
        }
    }

    @Test
    void theToolListsChangesGoOutTaggedAndACancelledSubscriptionEndsWithoutAResult() {
        assertThat(stdio.request("server/discover", params())
                        .at("/result/capabilities/tools/listChanged")
                        .asBoolean())
                .isTrue();
        long listen = stdio.send("subscriptions/listen", listen());
        JsonNode acknowledged = stdio.awaitMessage(
                m -> "notifications/subscriptions/acknowledged"
                        .equals(m.path("method").asText()),
                PATIENCE);
        assertThat(acknowledged.at(SUBSCRIPTION_ID).asLong()).isEqualTo(listen);
        assertThat(acknowledged.at("/params/notifications/toolsListChanged").asBoolean())
                .isTrue();
        assertThat(McpSchemas.errors(McpSchemas.BASE, "SubscriptionsAcknowledgedNotification", acknowledged))
                .isEmpty();
        await().atMost(PATIENCE).until(() -> subscriptions.size() == 1);

        catalog.replaceUpstreamTools(UpstreamToolFixtures.oneTool("stdio-sub-1", "up.echo", "acme/*"));
        JsonNode changed = stdio.awaitMessage(
                m -> "notifications/tools/list_changed".equals(m.path("method").asText()), PATIENCE);
        assertThat(changed.at(SUBSCRIPTION_ID).asLong()).isEqualTo(listen);

        ObjectNode cancel = JsonNodeFactory.instance.objectNode().put("requestId", listen);
        stdio.notify("notifications/cancelled", cancel);
        await().atMost(PATIENCE).until(() -> subscriptions.size() == 0);
        long later = stdio.send("tools/list", params());
        stdio.awaitResponse(later, PATIENCE);
        assertThat(stdio.matching(m -> m.path("id").asLong(-1) == listen))
                .as("a subscription the client cancelled gets no result")
                .isEmpty();
    }

    @Test
    void aConnectionHoldsTwoSubscriptionsAndTheEndOfInputEndsThem() {
        stdio.send("subscriptions/listen", listen());
        stdio.send("subscriptions/listen", listen());
        stdio.awaitMessages(
                m -> "notifications/subscriptions/acknowledged"
                        .equals(m.path("method").asText()),
                2,
                PATIENCE);
        long third = stdio.send("subscriptions/listen", listen());
        JsonNode refused = stdio.awaitResponse(third, PATIENCE);
        assertThat(refused.at("/error/code").asInt()).isEqualTo(-32600);
        assertThat(refused.at("/error/message").asText()).contains("already has 2 open subscriptions");
        await().atMost(PATIENCE).until(() -> subscriptions.size() == 2);

        stdio.close();
        stdio.awaitEnd(PATIENCE);
        await().atMost(PATIENCE).until(() -> subscriptions.size() == 0);
        stdio = null;
    }

    private static ObjectNode listen() {
        ObjectNode params = params();
        params.putObject("notifications").put("toolsListChanged", true);
        return params;
    }

    private static ObjectNode params() {
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        ObjectNode meta = params.putObject("_meta");
        meta.put("io.modelcontextprotocol/protocolVersion", "2026-07-28");
        meta.putObject("io.modelcontextprotocol/clientCapabilities");
        return params;
    }
}
