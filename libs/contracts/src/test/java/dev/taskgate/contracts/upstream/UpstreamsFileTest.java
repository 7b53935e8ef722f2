package dev.taskgate.contracts.upstream;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UpstreamsFileTest {
    private static final Map<String, String> ENV = Map.of("COUNTING_TOKEN", "s3cret-token");

    @TempDir
    Path dir;

    private final UpstreamsFile reader = new UpstreamsFile(ENV::get);

    @Test
    void readsAnUpstreamWithEverySettingAndItsCredentialFromTheEnvironment() throws IOException {
        List<UpstreamDefinition> upstreams = reader.read(write("""
                {"upstreams": [{
                  "id": "counting", "url": "http://127.0.0.1:8931/mcp", "protocol": "2025-11-25",
                  "namespace": "cnt",
                  "credential": {"header": "Authorization", "prefix": "Bearer ", "valueFromEnv": "COUNTING_TOKEN"},
                  "workspaces": ["acme/*", "beta/one"], "allowedTools": ["echo", "slow"],
                  "tools": {"echo": {"readOnly": true, "taskSupport": "optional", "handoff": "handoff_after=2s"}},
                  "connectTimeout": "2s", "callTimeout": "PT30M", "maxConcurrency": 4, "refreshInterval": "500ms"
                }]}
                """));

        UpstreamDefinition upstream = upstreams.get(0);
        assertThat(upstream.id()).isEqualTo("counting");
        assertThat(upstream.namespace()).isEqualTo("cnt");
        assertThat(upstream.qualified("echo")).isEqualTo("cnt.echo");
        assertThat(upstream.credential()).contains(new UpstreamCredential("Authorization", "Bearer s3cret-token"));
        assertThat(upstream.toString()).doesNotContain("s3cret");
        assertThat(upstream.credential().orElseThrow().toString()).doesNotContain("s3cret");
        assertThat(upstream.callTimeout()).isEqualTo(Duration.ofMinutes(30));
        assertThat(upstream.refreshInterval()).isEqualTo(Duration.ofMillis(500));
        assertThat(upstream.maxConcurrency()).isEqualTo(4);
        assertThat(upstream.offers("echo")).isTrue();
        assertThat(upstream.offers("crash")).isFalse();
        assertThat(upstream.policyOf("echo")).isEqualTo(new ToolPolicy(true, "optional", "handoff_after=2s"));
        assertThat(upstream.policyOf("slow")).as("the safe default: mutating").isEqualTo(ToolPolicy.DEFAULT);
        assertThat(upstream.admits("acme/demo")).isTrue();
        assertThat(upstream.admits("beta/one")).isTrue();
        assertThat(upstream.admits("beta/two")).isFalse();
        assertThat(upstream.admits(null)).isFalse();
    }

    @Test
    void defaultsTheNamespaceToTheIdAndTakesACredentialFromAFileBesideIt() throws IOException {
        Files.writeString(dir.resolve("token"), "from-file\n");
        UpstreamDefinition upstream = reader.read(write("""
                {"upstreams": [{"id": "files", "url": "https://mcp.example/", "workspaces": ["*"],
                  "credential": {"header": "X-Api-Key", "valueFromFile": "token"}}]}
                """)).get(0);

        assertThat(upstream.namespace()).isEqualTo("files");
        assertThat(upstream.credential()).contains(new UpstreamCredential("X-Api-Key", "from-file"));
        assertThat(upstream.protocol()).isEqualTo(UpstreamProtocol.MCP_2025_11_25);
        assertThat(upstream.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(upstream.callTimeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(upstream.admits("anyone/anything")).isTrue();
    }

    @Test
    void readsAnUpstreamSpeakingTheStatelessGeneration() throws IOException {
        UpstreamDefinition upstream = reader.read(write("""
                {"upstreams": [{"id": "stateless", "url": "https://mcp.example/mcp", "protocol": "2026-07-28",
                  "workspaces": ["*"]}]}
                """)).get(0);

        assertThat(upstream.protocol()).isEqualTo(UpstreamProtocol.MCP_2026_07_28);
        assertThat(UpstreamJson.write(upstream).path("protocol").asText()).isEqualTo("2026-07-28");
    }

    @Test
    void readsAnUpstreamWhoseGenerationDiscoveryNegotiates() throws IOException {
        UpstreamDefinition upstream = reader.read(write("""
                {"upstreams": [{"id": "either", "url": "https://mcp.example/mcp", "protocol": "negotiate",
                  "workspaces": ["*"]}]}
                """)).get(0);

        assertThat(upstream.protocol()).isEqualTo(UpstreamProtocol.NEGOTIATE);
        assertThat(UpstreamJson.write(upstream).path("protocol").asText()).isEqualTo("negotiate");
        assertThat(upstream.speaking(UpstreamProtocol.MCP_2025_11_25))
                .isEqualTo(reader.read(write("""
                        {"upstreams": [{"id": "either", "url": "https://mcp.example/mcp", "protocol": "2025-11-25",
                          "workspaces": ["*"]}]}
                        """)).get(0));
    }

    @Test
    void namesPromptsUnderTheNamespaceUnlessTheUpstreamAsksForItsOwnNames() throws IOException {
        List<UpstreamDefinition> upstreams = reader.read(write("""
                {"upstreams": [{"id": "plain", "url": "https://mcp.example/a", "workspaces": ["*"]},
                               {"id": "own", "url": "https://mcp.example/b", "workspaces": ["*"],
                                "promptNames": "unprefixed"},
                               {"id": "said", "url": "https://mcp.example/c", "workspaces": ["*"],
                                "promptNames": "namespaced"}]}
                """));

        assertThat(upstreams.get(0).promptNames()).isEqualTo(PromptNames.NAMESPACED);
        assertThat(upstreams.get(0).promptName("greeting")).isEqualTo("plain.greeting");
        assertThat(UpstreamJson.write(upstreams.get(0)).has("promptNames"))
                .as("the default is not written, so a reader of the previous version still reads it")
                .isFalse();
        assertThat(upstreams.get(1).promptNames()).isEqualTo(PromptNames.UNPREFIXED);
        assertThat(upstreams.get(1).promptName("greeting")).isEqualTo("greeting");
        assertThat(upstreams.get(1).qualified("echo"))
                .as("tools keep the namespace")
                .isEqualTo("own.echo");
        assertThat(UpstreamJson.write(upstreams.get(1)).path("promptNames").asText())
                .isEqualTo("unprefixed");
        assertThat(upstreams.get(1).withCredential(Optional.empty())).isEqualTo(upstreams.get(1));
        assertThat(upstreams.get(2).promptNames()).isEqualTo(PromptNames.NAMESPACED);

        Path bad = write("""
                {"upstreams": [{"id": "x", "url": "https://mcp.example/", "workspaces": ["*"],
                                "promptNames": "bare"}]}
                """);
        assertThatThrownBy(() -> reader.read(bad))
                .hasMessageContaining("'promptNames' must be namespaced or unprefixed; got 'bare'");
        Path notText = write("""
                {"upstreams": [{"id": "x", "url": "https://mcp.example/", "workspaces": ["*"], "promptNames": true}]}
                """);
        assertThatThrownBy(() -> reader.read(notText)).hasMessageContaining("'promptNames' must be a string");
    }

    @Test
    void relaysEveryInteractionUnlessTheUpstreamSaysWhichAndOnlyA2025UpstreamMaySayFewer() throws IOException {
        List<UpstreamDefinition> upstreams = reader.read(write("""
                {"upstreams": [{"id": "all", "url": "https://mcp.example/a", "workspaces": ["*"]},
                               {"id": "some", "url": "https://mcp.example/b", "workspaces": ["*"],
                                "relay": ["sampling", "elicitation"]}]}
                """));

        assertThat(upstreams.get(0).relays()).isEqualTo(UpstreamDefinition.RELAYABLE);
        assertThat(UpstreamJson.write(upstreams.get(0)).has("relay"))
                .as("the default is not written")
                .isFalse();
        assertThat(upstreams.get(1).relays("roots")).isFalse();
        assertThat(upstreams.get(1).relays("sampling")).isTrue();
        assertThat(UpstreamJson.write(upstreams.get(1)).get("relay").toString())
                .isEqualTo("[\"elicitation\",\"sampling\"]");
        assertThat(upstreams.get(1).withCredential(Optional.empty()).relays())
                .isEqualTo(upstreams.get(1).relays());

        Path unknown = write("""
                {"upstreams": [{"id": "x", "url": "https://mcp.example/", "workspaces": ["*"], "relay": ["logging"]}]}
                """);
        assertThatThrownBy(() -> reader.read(unknown))
                .hasMessageContaining("'relay' names elicitation, sampling and roots only; got 'logging'");
        Path stateless = write("""
                {"upstreams": [{"id": "x", "url": "https://mcp.example/", "workspaces": ["*"],
                                "protocol": "2026-07-28", "relay": []}]}
                """);
        assertThatThrownBy(() -> reader.read(stateless))
                .hasMessageContaining("'relay' can leave capabilities out for a 2025-11-25 upstream only");
        Path notArray = write("""
                {"upstreams": [{"id": "x", "url": "https://mcp.example/", "workspaces": ["*"], "relay": "roots"}]}
                """);
        assertThatThrownBy(() -> reader.read(notArray)).hasMessageContaining("'relay' must be an array of strings");
    }

    @Test
    void readsAStdioUpstreamWithItsDirectoryBesideTheFileAndItsSecretsFromTheEnvironment() throws IOException {
        Files.createDirectory(dir.resolve("servers"));
        UpstreamDefinition upstream = reader.read(write("""
                {"upstreams": [{"id": "local", "workspaces": ["*"],
                  "command": {"argv": ["node", "server.js", "--root", "/srv"], "workingDirectory": "servers",
                              "environment": {"LOG_LEVEL": "info", "API_TOKEN": {"valueFromEnv": "COUNTING_TOKEN"}}}}]}
                """)).get(0);

        assertThat(upstream.isStdio()).isTrue();
        assertThat(upstream.url()).isNull();
        UpstreamCommand command = upstream.command().orElseThrow();
        assertThat(command.argv()).containsExactly("node", "server.js", "--root", "/srv");
        assertThat(command.workingDirectory()).contains(dir.resolve("servers").toString());
        assertThat(command.environment()).containsEntry("LOG_LEVEL", "info").containsEntry("API_TOKEN", "s3cret-token");
        assertThat(upstream.toString()).contains("command=node").doesNotContain("s3cret");
        assertThat(command.toString()).doesNotContain("s3cret");
        assertThat(UpstreamJson.write(upstream).toString())
                .contains("\"argv\":[\"node\",\"server.js\",\"--root\",\"/srv\"]")
                .contains("\"API_TOKEN\":{\"set\":true}")
                .doesNotContain("s3cret")
                .doesNotContain("\"url\"");
        assertThat(new UpstreamAddressPolicy(false).refusal(upstream))
                .as("no network to check")
                .isEmpty();
    }

    @Test
    void aStdioUpstreamIsRefusedWhereverTheUpstreamsFileIsNotTheSource() {
        com.fasterxml.jackson.databind.JsonNode entry = dev.taskgate.contracts.Wire.fromBytes(
                "{\"id\":\"a\",\"workspaces\":[\"*\"],\"command\":{\"argv\":[\"x\"]}}"
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8),
                com.fasterxml.jackson.databind.JsonNode.class);

        assertThatThrownBy(() -> UpstreamJson.parse(entry, UpstreamJson.FILE_FIELDS, node -> null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(UpstreamJson.STDIO_FILE_ONLY);
    }

    @Test
    void noFileConfiguredMeansNoUpstream() {
        assertThat(UpstreamsFile.load(Optional.empty())).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            unknown field      | {"id":"a","url":"http://h/","workspaces":["*"],"colour":"red"}          | unknown field 'colour'
            bad id             | {"id":"A B","url":"http://h/","workspaces":["*"]}                      | an upstream id is 1-64
            no url             | {"id":"a","workspaces":["*"]}                                          | 'url' is required
            ftp url            | {"id":"a","url":"ftp://h/","workspaces":["*"]}                         | absolute http(s) URL
            url with user      | {"id":"a","url":"http://u:p@h/","workspaces":["*"]}                    | must not carry credentials
            no workspaces      | {"id":"a","url":"http://h/"}                                           | workspaces must name who may use it
            bad workspace      | {"id":"a","url":"http://h/","workspaces":["acme"]}                     | 'acme' is not <org>/<project>
            unknown protocol   | {"id":"a","url":"http://h/","workspaces":["*"],"protocol":"1.0"}        | protocol must be 2025-11-25, 2026-07-28 or negotiate
            bad namespace      | {"id":"a","url":"http://h/","workspaces":["*"],"namespace":"A.B"}       | a namespace is 1-32
            bad duration       | {"id":"a","url":"http://h/","workspaces":["*"],"callTimeout":"soon"}    | 'callTimeout' must be a duration
            zero duration      | {"id":"a","url":"http://h/","workspaces":["*"],"callTimeout":"0s"}      | callTimeout must be a positive duration
            no concurrency     | {"id":"a","url":"http://h/","workspaces":["*"],"maxConcurrency":0}      | maxConcurrency must be at least 1
            unset variable     | {"id":"a","url":"http://h/","workspaces":["*"],"credential":{"valueFromEnv":"NOPE"}} | NOPE is not set
            inline secret      | {"id":"a","url":"http://h/","workspaces":["*"],"credential":{"value":"x"}} | unknown field 'value'
            two sources        | {"id":"a","url":"http://h/","workspaces":["*"],"credential":{"valueFromEnv":"COUNTING_TOKEN","valueFromFile":"f"}} | exactly one of valueFromEnv and valueFromFile
            bad task policy    | {"id":"a","url":"http://h/","workspaces":["*"],"tools":{"t":{"taskSupport":"always"}}} | tools.t: taskSupport must be one of
            bad handoff        | {"id":"a","url":"http://h/","workspaces":["*"],"tools":{"t":{"handoff":"later"}}} | tools.t: handoff must be block
            zero handoff       | {"id":"a","url":"http://h/","workspaces":["*"],"tools":{"t":{"handoff":"handoff_after=0s"}}} | tools.t: handoff must be block
            url and command    | {"id":"a","url":"http://h/","workspaces":["*"],"command":{"argv":["x"]}} | exactly one of url (Streamable HTTP) and command (stdio)
            stdio 2026         | {"id":"a","workspaces":["*"],"protocol":"2026-07-28","command":{"argv":["x"]}} | a stdio upstream speaks 2025-11-25
            stdio negotiate    | {"id":"a","workspaces":["*"],"protocol":"negotiate","command":{"argv":["x"]}} | negotiate over stdio is not supported
            empty argv         | {"id":"a","workspaces":["*"],"command":{"argv":[]}}                     | command.argv must start with the program
            argv not an array  | {"id":"a","workspaces":["*"],"command":{"argv":"node server.js"}}       | command.argv must be an array of strings
            command field      | {"id":"a","workspaces":["*"],"command":{"argv":["x"],"shell":true}}     | command has an unknown field 'shell'
            stdio credential   | {"id":"a","workspaces":["*"],"command":{"argv":["x"]},"credential":{"valueFromEnv":"COUNTING_TOKEN"}} | a stdio upstream takes no credential header
            unset env variable | {"id":"a","workspaces":["*"],"command":{"argv":["x"],"environment":{"T":{"valueFromEnv":"NOPE"}}}} | command.environment.T: the environment variable NOPE is not set
            bad env name       | {"id":"a","workspaces":["*"],"command":{"argv":["x"],"environment":{"A-B":"1"}}} | 'A-B' is not a variable name
            missing directory  | {"id":"a","workspaces":["*"],"command":{"argv":["x"],"workingDirectory":"nowhere"}} | is not a directory
            readOnly not bool  | {"id":"a","url":"http://h/","workspaces":["*"],"tools":{"t":{"readOnly":"yes"}}} | tools.t.readOnly must be true or false
            """)
    void refusesABadUpstreamNamingIt(String what, String upstream, String message) throws IOException {
        Path file = write("{\"upstreams\": [" + upstream + "]}");
        assertThatThrownBy(() -> reader.read(file))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("upstreams[0] of " + file)
                .hasMessageContaining(message);
    }

    @Test
    void refusesTwoUpstreamsWithOneIdOrOneNamespace() throws IOException {
        Path sameId = write("""
                {"upstreams": [{"id": "a", "url": "http://h/", "workspaces": ["*"]},
                               {"id": "a", "url": "http://i/", "workspaces": ["*"], "namespace": "b"}]}
                """);
        assertThatThrownBy(() -> reader.read(sameId)).hasMessageContaining("the id a is used twice");
        Path sameNamespace = write("""
                {"upstreams": [{"id": "a", "url": "http://h/", "workspaces": ["*"], "namespace": "n"},
                               {"id": "b", "url": "http://i/", "workspaces": ["*"], "namespace": "n"}]}
                """);
        assertThatThrownBy(() -> reader.read(sameNamespace)).hasMessageContaining("the namespace n is used twice");
    }

    @Test
    void refusesAFileThatIsNotOneUpstreamsArray() throws IOException {
        for (String text : List.of("[]", "{\"upstreams\": {}}", "{\"upstreams\": [], \"more\": 1}", "not json")) {
            Path file = write(text);
            assertThatThrownBy(() -> reader.read(file))
                    .as(text)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(file.toString());
        }
        assertThatThrownBy(() -> reader.read(dir.resolve("missing.json")))
                .hasMessageContaining("cannot read the upstreams file");
    }

    private Path write(String text) throws IOException {
        Path file = Files.createTempFile(dir, "upstreams", ".json");
        Files.writeString(file, text);
        return file;
    }
}
