package dev.taskgate.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;

import dev.taskgate.testsupport.Tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A stdio upstream of the upstreams file through the packaged stack (docs/gateway.md "Stdio upstreams"): job-control
 * starts its command to list it, and a worker's child starts it again for the call; the echo's result is the
 * upstream's and the tool was called once.
 */
@ExtendWith(LocalStack.class)
class GatewayStdioE2E {

    @Test
    void aToolOfAStdioUpstreamIsListedNamespacedAndCalledOnceThroughRest() throws IOException {
        RestAssured.baseURI = LocalStack.get().frontendUrl();
        String acme = Tokens.forSubject("gateway-stdio-e2e")
                .org("acme")
                .project("demo")
                .scopes("tools:call", "tools:write")
                .sign();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> GatewayUpstreams.listedTools(acme).contains("counting-stdio.echo"));
        Path counts = LocalStack.stdioUpstreamCounts();
        long before = echoes(counts);

        JsonPath result = DemoExecutions.result(acme, "counting-stdio.echo", Map.of("over", "stdio"));

        assertThat(result.getBoolean("isError")).as(result.prettify()).isFalse();
        assertThat(result.getMap("structuredContent")).isEqualTo(Map.of("over", "stdio"));
        assertThat(echoes(counts)).isEqualTo(before + 1);
    }

    private static long echoes(Path counts) throws IOException {
        return Files.exists(counts)
                ? Files.readAllLines(counts).stream().filter("echo"::equals).count()
                : 0;
    }
}
