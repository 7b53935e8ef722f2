package dev.taskgate.worker.upstream;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.UpstreamBinding;
import dev.taskgate.contracts.upstream.UpstreamAddressPolicy;
import dev.taskgate.contracts.upstream.UpstreamCredential;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The target a child gets for one upstream call, and the calls worker-pool refuses to make. */
class UpstreamCallsTest {
    private static final UpstreamDefinition COUNTING = new UpstreamDefinition(
            "counting",
            URI.create("http://127.0.0.1:8931/mcp"),
            UpstreamProtocol.MCP_2025_11_25,
            "cnt",
            Optional.of(new UpstreamCredential("Authorization", "Bearer s3cret")),
            List.of("acme/*"),
            List.of(),
            Map.of(),
            Duration.ofSeconds(2),
            Duration.ofSeconds(30),
            4,
            Duration.ofMinutes(1));

    @Test
    void theTargetCarriesWhatTheChildNeedsForThisCallIncludingTheCredential() throws Exception {
        UpstreamCalls calls = calls(true);

        JsonNode target = calls.targetOf(tool("counting", "echo", "optional"));

        assertThat(target.path("id").asText()).isEqualTo("counting");
        assertThat(target.path("url").asText()).isEqualTo("http://127.0.0.1:8931/mcp");
        assertThat(target.path("protocol").asText()).isEqualTo("2025-11-25");
        assertThat(target.path("tool").asText()).isEqualTo("echo");
        assertThat(target.path("taskSupport").asText()).isEqualTo("optional");
        assertThat(target.path("connectTimeoutMs").asLong()).isEqualTo(2000);
        assertThat(target.path("callTimeoutMs").asLong()).isEqualTo(30000);
        assertThat(target.path("headers").path("Authorization").asText()).isEqualTo("Bearer s3cret");
    }

    @Test
    void anUpstreamThisWorkerDoesNotKnowOrMayNotReachIsRefusedWithoutTheCredentialInTheReason() {
        assertThatThrownBy(() -> calls(true).targetOf(tool("elsewhere", "echo", null)))
                .isInstanceOf(UpstreamRefusedException.class)
                .hasMessage("upstream elsewhere of cnt.echo is not configured on this worker; the tool was not called");
        assertThatThrownBy(() -> calls(false).targetOf(tool("counting", "echo", null)))
                .isInstanceOf(UpstreamRefusedException.class)
                .hasMessageContaining("loopback address")
                .hasMessageContaining("the tool was not called")
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void withoutUpstreamsThereIsNoFeedAndNoRefresh() {
        UpstreamCalls none = new UpstreamCalls(
                List.of(), new UpstreamAddressPolicy(false), OperationCatalog.load(), null, Duration.ofSeconds(1));
        assertThat(none.findAfterRefresh("cnt.echo")).isEmpty();
    }

    private static UpstreamCalls calls(boolean allowPrivate) {
        return new UpstreamCalls(
                List.of(COUNTING),
                new UpstreamAddressPolicy(allowPrivate),
                OperationCatalog.load(),
                null,
                Duration.ofSeconds(1));
    }

    private static OperationSpec tool(String upstream, String name, String taskSupport) {
        return new OperationSpec(
                "cnt." + name,
                "upstream-1",
                null,
                null,
                true,
                null,
                JsonNodeFactory.instance.objectNode().put("type", "object"),
                true,
                null,
                null,
                null,
                false,
                new UpstreamBinding(upstream, name, taskSupport, List.of("acme/*")));
    }
}
