package dev.taskgate.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import static org.awaitility.Awaitility.await;

/**
 * The upstream MCP servers of the e2e stack (docs/gateway.md): {@code counting}, the CountingUpstream of
 * {@code tools/upstream-fixtures} run as a process of its own on loopback, for workspaces {@code acme/*} with a bearer
 * credential from a file; {@code counting-ro}, the same server's {@code slow} declared read-only (replay-safe); and
 * {@code gone}, an upstream nobody listens for, open to everyone; {@code counting-timeout}, the same server's
 * {@code slow} with a call timeout of 2 s, for {@link #TIMEOUT_PROJECT} only; {@code counting-stdio}, its {@code echo}
 * and {@code crash} over stdio (StdioCountingUpstream, started by the services from the file's command) for {@code acme/demo} only,
 * so that the operator tests' projects do not see it; and {@code fs}, the pinned third-party
 * {@code @modelcontextprotocol/server-filesystem} of tools/upstream-fixtures/npm over stdio, confined to
 * {@link #filesystemDirectory(Path) a directory of the state folder}, for {@link #FILESYSTEM_PROJECT} only. The
 * services read them from {@link #file(Path) the upstreams file} in the stack's state folder.
 */
final class GatewayUpstreams implements AutoCloseable {
    /** The credential the stack sends to the counting upstream. */
    static final String COUNTING_TOKEN = "e2e-upstream-token";
    /** The one project of org {@code acme} that may use the {@code fs} upstream (server-filesystem). */
    static final String FILESYSTEM_PROJECT = "gw-fs";
    /** The one project of org {@code acme} that may use {@code counting-timeout} (CountingUpstream, call timeout 2 s). */
    static final String TIMEOUT_PROJECT = "gw-timeout";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static GatewayUpstreams running;

    private final Process counting;
    private final URI url;

    private GatewayUpstreams(Process counting, URI url) {
        this.counting = counting;
        this.url = url;
    }

    /** Starts the counting upstream and writes the upstreams file of the stack in {@code state}. */
    static GatewayUpstreams start(Path repo, Path state, Path logs) throws IOException, InterruptedException {
        Path fixtures = repo.resolve("tools/upstream-fixtures/target");
        Path classpath = fixtures.resolve("runtime-classpath.txt");
        if (!Files.exists(classpath)) {
            throw new IllegalStateException(classpath + " is missing: build tools/upstream-fixtures first");
        }
        Files.createDirectories(logs);
        Process process = new ProcessBuilder(List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-XX:TieredStopAtLevel=1",
                        "-XX:+UseSerialGC",
                        "-Xmx128m",
                        "-cp",
                        fixtures.resolve("classes")
                                + java.io.File.pathSeparator
                                + Files.readString(classpath).strip(),
                        "dev.taskgate.upstream.fixtures.CountingUpstream",
                        "0"))
                .redirectError(ProcessBuilder.Redirect.appendTo(
                        logs.resolve("counting-upstream.log").toFile()))
                .start();
        URI url;
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            url = URI.create(CompletableFuture.supplyAsync(() -> {
                        try {
                            return out.readLine();
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .get(60, TimeUnit.SECONDS)
                    .strip());
        } catch (Exception e) {
            process.destroyForcibly();
            throw new IllegalStateException("CountingUpstream did not print its URL", e);
        }
        Files.writeString(state.resolve("counting.token"), COUNTING_TOKEN + "\n");
        Files.writeString(file(state), """
                {"upstreams": [
                  {"id": "counting", "url": "%1$s", "namespace": "counting", "workspaces": ["acme/*"],
                   "credential": {"header": "Authorization", "prefix": "Bearer ", "valueFromFile": "counting.token"},
                   "tools": {"read_only_echo": {"readOnly": true},
                             "slow": {"handoff": "handoff_after=1s"}},
                   "refreshInterval": "2s", "callTimeout": "60s"},
                  {"id": "counting-ro", "url": "%1$s", "namespace": "counting-ro", "workspaces": ["acme/*"],
                   "credential": {"header": "Authorization", "prefix": "Bearer ", "valueFromFile": "counting.token"},
                   "allowedTools": ["slow"], "tools": {"slow": {"readOnly": true}},
                   "refreshInterval": "2s", "callTimeout": "60s"},
                  {"id": "gone", "url": "http://127.0.0.1:%2$d/mcp", "namespace": "gone", "workspaces": ["*"],
                   "connectTimeout": "1s", "refreshInterval": "2s"},
                  {"id": "counting-stdio", "namespace": "counting-stdio", "workspaces": ["acme/demo"],
                   "command": {"argv": %3$s, "workingDirectory": "."},
                   "allowedTools": ["echo", "crash"], "callTimeout": "60s"},
                  {"id": "counting-timeout", "url": "%1$s", "namespace": "counting-timeout",
                   "workspaces": ["acme/%6$s"],
                   "credential": {"header": "Authorization", "prefix": "Bearer ", "valueFromFile": "counting.token"},
                   "allowedTools": ["slow"], "refreshInterval": "2s", "callTimeout": "2s"},
                  {"id": "fs", "namespace": "fs", "workspaces": ["acme/%4$s"],
                   "command": {"argv": %5$s},
                   "allowedTools": ["list_directory", "read_text_file"],
                   "tools": {"list_directory": {"readOnly": true}, "read_text_file": {"readOnly": true}},
                   "callTimeout": "60s"},
                  {"id": "fs-local", "namespace": "fs-local", "workspaces": ["acme/%4$s"],
                   "command": {"argv": %5$s}, "relay": ["elicitation", "sampling"],
                   "allowedTools": ["read_text_file"], "tools": {"read_text_file": {"readOnly": true}},
                   "callTimeout": "60s"}
                ]}
                """.formatted(
                        url,
                        LoopbackPorts.reserve(), // nothing of ours listens there
                        JSON.writeValueAsString(stdioArgv(fixtures, state)),
                        FILESYSTEM_PROJECT,
                        JSON.writeValueAsString(filesystemArgv(repo, state)),
                        TIMEOUT_PROJECT));
        running = new GatewayUpstreams(process, url);
        return running;
    }

    // StdioCountingUpstream, which the services start themselves; it appends each call to stdio-counts.txt
    private static List<String> stdioArgv(Path fixtures, Path state) throws IOException {
        return List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Xmx64m",
                "-XX:ReservedCodeCacheSize=32m",
                "-XX:CompressedClassSpaceSize=64m",
                "-cp",
                fixtures.resolve("classes")
                        + java.io.File.pathSeparator
                        + Files.readString(fixtures.resolve("runtime-classpath.txt"))
                                .strip(),
                "dev.taskgate.upstream.fixtures.StdioCountingUpstream",
                stdioCounts(state).toString());
    }

    // server-filesystem, which the services start themselves; a missing install leaves the upstream unavailable only
    private static List<String> filesystemArgv(Path repo, Path state) throws IOException {
        return List.of(
                "node",
                filesystemScript(repo).toString(),
                Files.createDirectories(filesystemDirectory(state)).toRealPath().toString());
    }

    /** The pinned server-filesystem's entry point, installed by {@code npm ci} in tools/upstream-fixtures/npm. */
    static Path filesystemScript(Path repo) {
        return repo.resolve(
                "tools/upstream-fixtures/npm/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
    }

    /** The only directory the stack's {@code fs} upstream may reach; tests fill it. */
    static Path filesystemDirectory(Path state) {
        return state.resolve("fs-upstream");
    }

    /** The counts file of the stack's stdio upstream: a line per {@code initialize}, call and cancellation. */
    static Path stdioCounts(Path state) {
        return state.resolve("stdio-counts.txt");
    }

    /** The CountingUpstream's endpoint, for an upstream registered through the operator API. */
    static URI countingUrl() {
        if (running == null) {
            throw new IllegalStateException("the stack's upstreams are not started");
        }
        return running.url;
    }

    /** The upstreams file of the stack in {@code state}. */
    static Path file(Path state) {
        return state.resolve("upstreams.json");
    }

    /** How many {@code tools/call} requests of {@code tool} the counting upstream received so far. */
    static int invocations(String tool) {
        if (running == null) {
            throw new IllegalStateException("the stack's upstreams are not started");
        }
        try {
            HttpResponse<String> counts = HTTP.send(
                    HttpRequest.newBuilder(running.url.resolve("/counts"))
                            .timeout(Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode json = JSON.readTree(counts.body());
            return json.path(tool).asInt(0);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        counting.destroy();
        try {
            if (!counting.waitFor(10, TimeUnit.SECONDS)) {
                counting.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            counting.destroyForcibly();
        }
        running = null;
    }

    /**
     * Registers the MCP server at {@code url} as upstream {@code id} of project {@code project} of org {@code acme}
     * through the operator API (the token of {@code operator} holds {@code upstreams:admin} there), then waits until
     * {@code caller} sees tools under {@code namespace}.
     */
    static void registerForProject(
            String operator, String project, String id, URI url, String namespace, String caller) {
        Http.Reply created = Http.rest(
                "POST", "/v1/orgs/acme/projects/" + project + "/operator/upstreams", operator, null, """
                {"id": "%s", "url": "%s", "namespace": "%s", "callTimeout": "60s"}
                """.formatted(
                                id, url, namespace));
        if (created.status() != 201) {
            throw new IllegalStateException("upstream " + id + " not registered: " + created.text());
        }
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> listedTools(caller).stream().anyMatch(name -> name.startsWith(namespace + ".")));
    }

    /** The tool names a 2026-07-28 {@code tools/list} shows the caller of {@code token}. */
    static List<String> listedTools(String token) {
        List<String> names = new ArrayList<>();
        LocalStack.get()
                .mcp(token)
                .v2026()
                .request("tools/list")
                .post()
                .json()
                .path("result")
                .path("tools")
                .forEach(tool -> names.add(tool.path("name").asText()));
        return names;
    }
}
