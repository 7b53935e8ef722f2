package dev.taskgate.worker.upstream;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.sun.net.httpserver.HttpServer;

import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.UpstreamBinding;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.catalog.UpstreamTools.UpstreamState;
import dev.taskgate.contracts.upstream.RegisteredUpstreamTarget;
import dev.taskgate.contracts.upstream.UpstreamAddressPolicy;
import dev.taskgate.contracts.upstream.UpstreamCommand;
import dev.taskgate.contracts.upstream.UpstreamCredential;
import dev.taskgate.contracts.upstream.UpstreamDefinition;
import dev.taskgate.contracts.upstream.UpstreamProtocol;
import dev.taskgate.payload.PayloadCipher;
import dev.taskgate.payload.PayloadKeyRing;
import dev.taskgate.payload.UpstreamCredentialSealing;
import dev.taskgate.serviceauth.CallerAssertion;
import dev.taskgate.serviceauth.InvalidAssertionException;
import dev.taskgate.testsupport.DevPayloadKeys;
import dev.taskgate.testsupport.DevServiceKeys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The target a child gets for one upstream call — of the upstreams file, or registered through the operator API and
 * asked of job-control (a stand-in checking the worker's signature), its sealed credential opened here — and the calls
 * worker-pool refuses to make.
 */
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
    void aStdioUpstreamsTargetCarriesItsCommandAndEnvironmentAndNoAddressIsChecked() throws Exception {
        UpstreamDefinition stdio = new UpstreamDefinition(
                "local",
                null,
                UpstreamProtocol.MCP_2025_11_25,
                "cnt",
                Optional.empty(),
                List.of("acme/*"),
                List.of(),
                Map.of(),
                Duration.ofSeconds(2),
                Duration.ofSeconds(30),
                4,
                Duration.ofMinutes(1),
                Optional.of(new UpstreamCommand(
                        List.of("/usr/bin/env", "mcp-server"), Optional.of("/srv"), Map.of("TOKEN", "s3cret"))));
        UpstreamCalls calls = new UpstreamCalls(
                List.of(stdio),
                new UpstreamAddressPolicy(false),
                OperationCatalog.load(),
                null,
                Duration.ofSeconds(1),
                null);

        JsonNode target = calls.targetOf(tool("local", "echo", null));

        assertThat(target.has("url")).isFalse();
        assertThat(target.at("/command/argv").toString()).isEqualTo("[\"/usr/bin/env\",\"mcp-server\"]");
        assertThat(target.at("/command/workingDirectory").asText()).isEqualTo("/srv");
        assertThat(target.at("/command/environment/TOKEN").asText()).isEqualTo("s3cret");
        assertThat(target.path("headers").isEmpty()).isTrue();
        assertThat(target.path("tool").asText()).isEqualTo("echo");
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
    void aNegotiatingUpstreamIsSpokenToInTheGenerationDiscoveryFoundAndNeverBeforeItIsKnown() throws Exception {
        UpstreamDefinition negotiating = COUNTING.speaking(UpstreamProtocol.NEGOTIATE);
        UpstreamCalls calls = new UpstreamCalls(
                List.of(negotiating),
                new UpstreamAddressPolicy(true),
                OperationCatalog.load(),
                null,
                Duration.ofSeconds(1),
                null);

        for (String found : List.of("2026-07-28", "2025-11-25")) {
            JsonNode target = calls.targetOf(OperationSpec.ofUpstream(
                    "cnt.echo",
                    "upstream-1",
                    null,
                    true,
                    new UpstreamBinding("counting", "echo", "optional", List.of("acme/*"), found)));
            assertThat(target.path("protocol").asText()).isEqualTo(found);
        }
        assertThatThrownBy(() -> calls.targetOf(tool("counting", "echo", null)))
                .isInstanceOf(UpstreamRefusedException.class)
                .hasMessage("upstream counting of cnt.echo negotiates its protocol and the catalog does not say which"
                        + " one it speaks yet; the tool was not called");
        assertThat(calls(true)
                        .targetOf(OperationSpec.ofUpstream(
                                "cnt.echo",
                                "upstream-1",
                                null,
                                true,
                                new UpstreamBinding("counting", "echo", null, List.of("acme/*"), "2026-07-28")))
                        .path("protocol")
                        .asText())
                .as("an upstream registered with a generation is spoken to in it, whatever the binding says")
                .isEqualTo("2025-11-25");
    }

    @Test
    void aStatelessUpstreamsTargetCarriesTheArgumentsToRepeatAsHeadersAndABadMarkRefusesTheCall() throws Exception {
        UpstreamCalls calls = new UpstreamCalls(
                List.of(COUNTING.speaking(UpstreamProtocol.MCP_2026_07_28)),
                new UpstreamAddressPolicy(true),
                OperationCatalog.load(),
                null,
                Duration.ofSeconds(1),
                null);

        JsonNode target = calls.targetOf(withSchema(
                "{\"type\":\"object\",\"properties\":{\"region\":{\"type\":\"string\",\"x-mcp-header\":\"Region\"}}}"));
        assertThat(target.path("paramHeaders").toString()).isEqualTo("[{\"path\":[\"region\"],\"header\":\"Region\"}]");
        assertThat(calls(true)
                        .targetOf(
                                withSchema(
                                        "{\"type\":\"object\",\"properties\":{\"region\":{\"type\":\"string\",\"x-mcp-header\":\"Region\"}}}"))
                        .has("paramHeaders"))
                .as("2025-11-25 has no such headers")
                .isFalse();
        assertThatThrownBy(
                        () -> calls.targetOf(
                                withSchema(
                                        "{\"type\":\"object\",\"properties\":{\"region\":{\"type\":\"array\",\"x-mcp-header\":\"Region\"}}}")))
                .isInstanceOf(UpstreamRefusedException.class)
                .hasMessageContaining("the inputSchema of cnt.echo marks its arguments for headers wrongly")
                .hasMessageContaining("the tool was not called");
    }

    private static OperationSpec withSchema(String schema) {
        return new OperationSpec(
                "cnt.echo",
                "upstream-1",
                null,
                null,
                true,
                null,
                Wire.fromBytes(schema.getBytes(java.nio.charset.StandardCharsets.UTF_8), JsonNode.class),
                true,
                null,
                null,
                null,
                false,
                new UpstreamBinding("counting", "echo", null, List.of("acme/*")));
    }

    @Test
    void withoutAFeedThereIsNoRefresh() {
        UpstreamCalls none = new UpstreamCalls(
                List.of(),
                new UpstreamAddressPolicy(false),
                OperationCatalog.load(),
                null,
                Duration.ofSeconds(1),
                null);
        assertThat(none.findAfterRefresh("cnt.echo")).isEmpty();
    }

    @Test
    void aToolOfAnUpstreamTheCatalogMarksUnavailableIsKnownByItsNamespace() {
        OperationCatalog catalog = OperationCatalog.load();
        UpstreamCalls calls = new UpstreamCalls(
                List.of(COUNTING), new UpstreamAddressPolicy(true), catalog, null, Duration.ofSeconds(1), null);
        catalog.replaceUpstreamTools(new UpstreamTools(
                "r-1",
                List.of(),
                List.of(new UpstreamState("counting", "cnt", false, "circuit open", 0, List.of("acme/*")))));

        assertThat(calls.unavailableUpstreamOf("cnt.echo"))
                .map(UpstreamState::id)
                .contains("counting");
        assertThat(calls.unavailableUpstreamOf("cntx.echo"))
                .as("another namespace")
                .isEmpty();
        assertThat(calls.unavailableUpstreamOf("demo.echo")).isEmpty();

        catalog.replaceUpstreamTools(new UpstreamTools(
                "r-2",
                List.of(tool("counting", "echo", null)),
                List.of(new UpstreamState("counting", "cnt", true, null, 1, List.of("acme/*")))));
        assertThat(calls.unavailableUpstreamOf("cnt.echo"))
                .as("available again")
                .isEmpty();
    }

    @Test
    void aRegisteredUpstreamsTargetIsAskedOfJobControlOpenedHereAndKeptUntilItsRevisionChanges() throws Exception {
        SECRET_TARGETS.put("registered", target("registered", 3, SEALING.seal("registered", "Bearer api-s3cret")));
        OperationCatalog catalog = OperationCatalog.load();
        UpstreamCalls calls = registeredCalls(catalog);

        JsonNode first = calls.targetOf(tool("registered", "echo", "optional"));
        JsonNode again = calls.targetOf(tool("registered", "echo", "optional"));

        assertThat(first.path("url").asText()).isEqualTo("http://127.0.0.1:8931/registered");
        assertThat(first.path("headers").path("X-Api-Key").asText()).isEqualTo("Bearer api-s3cret");
        assertThat(first.path("connectTimeoutMs").asLong()).isEqualTo(2000);
        assertThat(again).isEqualTo(first);
        // the catalog does not name the revision yet: asked each time; once it does, asked again only for another
        assertThat(asked).hasSize(2).allSatisfy(a -> {
            assertThat(a.issuer()).isEqualTo("worker-pool");
            assertThat(a.target()).isEqualTo("/internal/v1/upstreams/registered/call-target");
        });
        catalog.replaceUpstreamTools(new UpstreamTools(
                "r1",
                List.of(),
                List.of(new UpstreamState("registered", "reg", true, null, 1, List.of("acme/*"), 3L))));
        calls.targetOf(tool("registered", "echo", null));
        calls.targetOf(tool("registered", "echo", null));
        assertThat(asked).hasSize(2);
        SECRET_TARGETS.put("registered", target("registered", 4, SEALING.seal("registered", "Bearer rotated")));
        catalog.replaceUpstreamTools(new UpstreamTools(
                "r2",
                List.of(),
                List.of(new UpstreamState("registered", "reg", true, null, 1, List.of("acme/*"), 4L))));
        assertThat(calls.targetOf(tool("registered", "echo", null))
                        .path("headers")
                        .path("X-Api-Key")
                        .asText())
                .isEqualTo("Bearer rotated");
        assertThat(asked).hasSize(3);
    }

    @Test
    void anUnknownRegistrationOrACredentialSealedForAnotherUpstreamIsRefusedWithoutTheCall() {
        SECRET_TARGETS.put("moved", target("moved", 1, SEALING.seal("elsewhere", "Bearer api-s3cret")));
        UpstreamCalls calls = registeredCalls(OperationCatalog.load());

        assertThatThrownBy(() -> calls.targetOf(tool("gone", "echo", null)))
                .isInstanceOf(UpstreamRefusedException.class)
                .hasMessage("upstream gone is not registered; the tool was not called");
        assertThatThrownBy(() -> calls.targetOf(tool("moved", "echo", null)))
                .isInstanceOf(UpstreamRefusedException.class)
                .hasMessageContaining("cannot be opened with this worker's payload keys")
                .hasMessageNotContaining("s3cret");
    }

    private static final UpstreamCredentialSealing SEALING = new UpstreamCredentialSealing(
            new PayloadCipher(PayloadKeyRing.parse("test", DevPayloadKeys.RING), new SecureRandom()));
    private static final Map<String, byte[]> SECRET_TARGETS = new ConcurrentHashMap<>();
    private final List<CallerAssertion> asked = new CopyOnWriteArrayList<>();
    private HttpServer jobControl;

    @AfterEach
    void stopJobControl() {
        if (jobControl != null) {
            jobControl.stop(0);
        }
    }

    private static byte[] target(String id, long revision, byte[] sealed) {
        return Wire.toBytes(new RegisteredUpstreamTarget(
                revision,
                JsonNodeFactory.instance
                        .objectNode()
                        .put("id", id)
                        .put("url", "http://127.0.0.1:8931/" + id)
                        .put("namespace", "reg")
                        .put("connectTimeout", "PT2S")
                        .set("workspaces", JsonNodeFactory.instance.arrayNode().add("acme/*")),
                "X-Api-Key",
                Base64.getEncoder().encodeToString(sealed)));
    }

    // job-control's internal route, checking worker-pool's signature as job-control does
    private UpstreamCalls registeredCalls(OperationCatalog catalog) {
        try {
            jobControl = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        jobControl.createContext("/internal/v1/upstreams/", exchange -> {
            try (exchange) {
                String path = exchange.getRequestURI().getRawPath();
                try {
                    asked.add(DevServiceKeys.verifier()
                            .verify(exchange.getRequestHeaders().getFirst(CallerAssertion.HEADER), "GET", path, null));
                } catch (InvalidAssertionException e) {
                    exchange.sendResponseHeaders(401, -1);
                    return;
                }
                String id = path.split("/")[4];
                byte[] body = SECRET_TARGETS.get(id);
                if (body == null) {
                    exchange.sendResponseHeaders(404, -1);
                    return;
                }
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            }
        });
        jobControl.start();
        return new UpstreamCalls(
                List.of(COUNTING),
                new UpstreamAddressPolicy(true),
                catalog,
                null,
                Duration.ofSeconds(1),
                new RegisteredUpstreamTargets(
                        URI.create("http://127.0.0.1:" + jobControl.getAddress().getPort()),
                        DevServiceKeys.WORKER_POOL_SIGNING_KEY,
                        SEALING));
    }

    private static UpstreamCalls calls(boolean allowPrivate) {
        return new UpstreamCalls(
                List.of(COUNTING),
                new UpstreamAddressPolicy(allowPrivate),
                OperationCatalog.load(),
                null,
                Duration.ofSeconds(1),
                null);
    }

    private static OperationSpec tool(String upstream, String name, String taskSupport) {
        return OperationSpec.ofUpstream(
                "cnt." + name,
                "upstream-1",
                null,
                true,
                new UpstreamBinding(upstream, name, taskSupport, List.of("acme/*")));
    }
}
