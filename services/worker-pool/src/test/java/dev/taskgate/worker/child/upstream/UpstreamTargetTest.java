package dev.taskgate.worker.child.upstream;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UpstreamTargetTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String SECRET = "Bearer top-secret-42";

    private static ObjectNode valid() {
        ObjectNode upstream = MAPPER.createObjectNode()
                .put("id", "counting")
                .put("url", "http://127.0.0.1:8931/mcp")
                .put("protocol", "2025-11-25")
                .put("tool", "echo");
        upstream.putObject("headers").put("Authorization", SECRET);
        return upstream;
    }

    @Test
    void readsATargetWithDefaults() {
        UpstreamTarget target = UpstreamTarget.fromJson(valid());

        assertThat(target.id()).isEqualTo("counting");
        assertThat(target.url()).hasToString("http://127.0.0.1:8931/mcp");
        assertThat(target.tool()).isEqualTo("echo");
        assertThat(target.headers()).containsEntry("Authorization", SECRET);
        assertThat(target.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(target.callTimeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(target.taskSupport()).isEqualTo(TaskSupport.FORBIDDEN);
    }

    @Test
    void readsTimeoutsAndTaskSupport() {
        UpstreamTarget target = UpstreamTarget.fromJson(
                valid().put("connectTimeoutMs", 250).put("callTimeoutMs", 1500).put("taskSupport", "optional"));

        assertThat(target.connectTimeout()).isEqualTo(Duration.ofMillis(250));
        assertThat(target.callTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(target.taskSupport()).isEqualTo(TaskSupport.OPTIONAL);
    }

    @Test
    void readsAStatelessTargetThatMayCallAsATask() {
        UpstreamTarget target =
                UpstreamTarget.fromJson(valid().put("protocol", "2026-07-28").put("taskSupport", "optional"));

        assertThat(target.isStateless()).isTrue();
        assertThat(target.taskSupport()).isEqualTo(TaskSupport.OPTIONAL);
        assertThat(UpstreamTarget.fromJson(valid()).isStateless()).isFalse();
    }

    @Test
    void readsTheParamHeadersOfAStatelessTargetAndRefusesBadOnes() {
        ObjectNode stateless = valid().put("protocol", "2026-07-28");
        stateless
                .putArray("paramHeaders")
                .addObject()
                .put("header", "Region")
                .putArray("path")
                .add("a")
                .add("b");

        UpstreamTarget target = UpstreamTarget.fromJson(stateless);

        assertThat(target.paramHeaders())
                .containsExactly(new UpstreamTarget.ParamHeader(java.util.List.of("a", "b"), "Region"));
        assertThat(target.paramHeaders().get(0).headerName()).isEqualTo("Mcp-Param-Region");
        assertThat(UpstreamTarget.fromJson(valid()).paramHeaders()).isEmpty();

        ObjectNode session = stateless.deepCopy().put("protocol", "2025-11-25");
        assertRefused(session, "'paramHeaders' need protocol 2026-07-28");
        ObjectNode notArray = stateless.deepCopy();
        notArray.put("paramHeaders", "Region");
        assertRefused(notArray, "'paramHeaders' must be an array");
        ObjectNode badName = stateless.deepCopy();
        ((ObjectNode) badName.get("paramHeaders").get(0)).put("header", "A B");
        assertRefused(badName, "need a 'header' that is an HTTP token");
        ObjectNode noPath = stateless.deepCopy();
        ((ObjectNode) noPath.get("paramHeaders").get(0)).putArray("path");
        assertRefused(noPath, "need a 'path' of property names for Region");
    }

    @Test
    void neverShowsTheHeaderValues() {
        UpstreamTarget target = UpstreamTarget.fromJson(valid());

        assertThat(target.toString()).contains("Authorization").doesNotContain("top-secret");
        assertThat(target.redact("server said: bad " + SECRET)).isEqualTo("server said: bad [redacted]");
    }

    @Test
    void refusesWhatItCannotCall() {
        assertRefused(valid().put("url", "ftp://127.0.0.1/mcp"), "must be http or https");
        assertRefused(valid().put("url", "http://user:pw@127.0.0.1/mcp"), "must not carry user info");
        assertRefused(valid().put("url", "not a url"), "not a URI");
        assertRefused(valid().put("protocol", "2024-11-05"), "protocol '2024-11-05' is unknown");
        assertRefused(valid().put("tool", ""), "non-empty string 'tool'");
        assertRefused(valid().put("taskSupport", "sometimes"), "forbidden, optional or required");
        assertRefused(
                valid().put("protocol", "2025-06-18").put("taskSupport", "required"), "needs protocol 2025-11-25");
        assertRefused(valid().put("callTimeoutMs", 0), "'callTimeoutMs' must be an integer");
        assertRefused(valid().put("connectTimeoutMs", 1.5), "'connectTimeoutMs' must be an integer");
        assertRefused(MAPPER.createObjectNode().put("id", "x"), "non-empty string 'url'");
    }

    @Test
    void readsAStdioTargetAndRedactsItsEnvironmentValues() {
        ObjectNode stdio = stdio();

        UpstreamTarget target = UpstreamTarget.fromJson(stdio);

        assertThat(target.url()).isNull();
        assertThat(target.command()).get().satisfies(c -> {
            assertThat(c.argv()).containsExactly("/opt/mcp/server", "--stdio");
            assertThat(c.workingDirectory()).contains("/srv");
            assertThat(c.environment()).containsEntry("API_TOKEN", "top-secret-env");
        });
        assertThat(target.toString()).contains("command=/opt/mcp/server").doesNotContain("top-secret");
        assertThat(target.redact("it said top-secret-env")).isEqualTo("it said [redacted]");
    }

    @Test
    void refusesAStdioTargetItCannotStartAndSaysNothingOfAValue() {
        assertRefused(stdio().put("url", "http://127.0.0.1/mcp"), "both 'url' and 'command'");
        ObjectNode headers = stdio();
        headers.putObject("headers").put("Authorization", "x");
        assertRefused(headers, "takes no 'headers'");
        ObjectNode empty = stdio();
        empty.withObject("command").putArray("argv");
        assertRefused(empty, "'command.argv' must be a non-empty array");
        ObjectNode relative = stdio();
        relative.withObject("command").put("workingDirectory", "srv");
        assertRefused(relative, "must be an absolute path");
        ObjectNode badName = stdio();
        badName.withObject("command").withObject("environment").put("A=B", "top-secret");
        assertRefused(badName, "bad variable name");
        ObjectNode badValue = stdio();
        badValue.withObject("command").withObject("environment").put("K", 1);
        assertRefused(badValue, "'command.environment.K' must be a string");
        assertRefused(stdio().put("protocol", "2026-07-28"), "2026-07-28 needs a 'url'");
    }

    private static ObjectNode stdio() {
        ObjectNode upstream = MAPPER.createObjectNode()
                .put("id", "local")
                .put("protocol", "2025-11-25")
                .put("tool", "echo");
        ObjectNode command = upstream.putObject("command");
        command.putArray("argv").add("/opt/mcp/server").add("--stdio");
        command.put("workingDirectory", "/srv");
        command.putObject("environment").put("API_TOKEN", "top-secret-env");
        return upstream;
    }

    @Test
    void refusesHeadersItSetsItselfAndSaysNothingOfAValue() {
        ObjectNode reserved = valid();
        reserved.withObject("headers").put("Mcp-Session-Id", "abc");
        assertRefused(reserved, "'Mcp-Session-Id' is set by Taskgate itself");
        ObjectNode method = valid();
        method.withObject("headers").put("Mcp-Method", "tools/list");
        assertRefused(method, "'Mcp-Method' is set by Taskgate itself");

        ObjectNode broken = valid();
        broken.withObject("headers").put("X-Key", "secret\r\nInjected: yes");
        assertThatThrownBy(() -> UpstreamTarget.fromJson(broken))
                .hasMessageContaining("'X-Key' has a line break")
                .hasMessageNotContaining("secret");

        ObjectNode badName = valid();
        badName.withObject("headers").put("Bad Name", "x");
        assertRefused(badName, "is not an HTTP token");
    }

    private static void assertRefused(ObjectNode upstream, String message) {
        assertThatThrownBy(() -> UpstreamTarget.fromJson(upstream))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message)
                .hasMessageNotContaining("top-secret");
    }
}
