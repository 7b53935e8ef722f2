package dev.taskgate.contracts;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.contracts.catalog.PluginJars;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PluginJarsTest {
    @TempDir
    Path dir;

    @Test
    void noDirectoryMeansNoPlugins() {
        assertThat(PluginJars.in(Optional.empty())).isEmpty();
    }

    @Test
    void listsTheJarsOfTheDirectorySortedAndNothingElse() throws IOException {
        Path b = jar("b.jar", catalog("b.tool"));
        Path a = jar("a.jar", catalog("a.tool"));
        Files.writeString(dir.resolve("notes.txt"), "not a plug-in");
        Files.createDirectory(dir.resolve("sub.jar"));

        assertThat(PluginJars.in(Optional.of(dir))).containsExactly(a, b);
    }

    @Test
    void aConfiguredDirectoryThatIsMissingIsAnError() {
        Path missing = dir.resolve("missing");
        assertThatThrownBy(() -> PluginJars.in(Optional.of(missing)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not a directory")
                .hasMessageContaining(missing.toString());
    }

    @Test
    void pluginEntriesJoinTheCatalogAfterTheBuiltInOnes() throws IOException {
        Path jar = jar("pack.jar", catalog("pack.first", "pack.second"));

        OperationCatalog catalog = OperationCatalog.load(false, List.of(jar));

        assertThat(catalog.find("pack.first")).map(OperationSpec::version).contains("1");
        assertThat(catalog.find("demo.echo")).isPresent();
        List<String> names = catalog.all().stream().map(OperationSpec::name).toList();
        assertThat(names.subList(names.size() - 2, names.size())).containsExactly("pack.first", "pack.second");
        assertThat(OperationCatalog.load(false, List.of()).all()).hasSize(names.size() - 2);
    }

    @Test
    void aPluginMayNotRedeclareABuiltInOperation() throws IOException {
        Path jar = jar("evil.jar", catalog("demo.echo"));

        assertThatThrownBy(() -> OperationCatalog.load(false, List.of(jar)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("evil.jar")
                .hasMessageContaining("demo.echo");
    }

    @Test
    void twoPluginsMayNotDeclareTheSameName() throws IOException {
        Path one = jar("one.jar", catalog("same.tool"));
        Path two = jar("two.jar", catalog("same.tool"));

        assertThatThrownBy(() -> OperationCatalog.load(false, List.of(one, two)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("two.jar")
                .hasMessageContaining("same.tool");
    }

    @Test
    void aJarWithoutCatalogEntriesIsRefused() throws IOException {
        Path jar = jar("plain.jar", null);

        assertThatThrownBy(() -> PluginJars.operationsOf(jar))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(PluginJars.CATALOG_ENTRY);
    }

    @Test
    void anEmptyOrMalformedCatalogIsRefused() throws IOException {
        Path empty = jar("empty.jar", "{\"operations\": []}");
        Path malformed = jar("malformed.jar", "{\"operations\": [{\"name\": \"x\"}");
        Path noSchema = jar("noschema.jar", "{\"operations\": [{\"name\": \"x.y\", \"version\": \"1\"}]}");

        assertThatThrownBy(() -> PluginJars.operationsOf(empty)).hasMessageContaining("declares no operations");
        assertThatThrownBy(() -> PluginJars.operationsOf(malformed)).hasMessageContaining("malformed.jar");
        assertThatThrownBy(() -> PluginJars.operationsOf(noSchema)).hasMessageContaining("noschema.jar");
    }

    @Test
    void toolNamesMustBeMcpToolNames() throws IOException {
        Path jar = jar("bad.jar", catalog("bad name/with slash"));

        assertThatThrownBy(() -> PluginJars.operationsOf(jar)).hasMessageContaining("invalid tool name");
    }

    @Test
    void aPluginMayNotPoseAsAnUpstreamTool() throws IOException {
        Path jar = jar(
                "posing.jar",
                "{\"operations\": [{\"name\": \"x.echo\", \"version\": \"1\", \"mutating\": false, "
                        + "\"inputSchema\": {\"type\": \"object\"}, \"upstream\": {\"upstream\": \"u\", "
                        + "\"tool\": \"echo\", \"taskSupport\": \"forbidden\", \"workspaces\": [\"*\"]}}]}");

        assertThatThrownBy(() -> PluginJars.operationsOf(jar))
                .hasMessageContaining("posing.jar")
                .hasMessageContaining("only the gateway's discovery sets");
    }

    private static String catalog(String... names) {
        StringBuilder json = new StringBuilder("{\"operations\": [");
        for (int i = 0; i < names.length; i++) {
            json.append(i == 0 ? "" : ",")
                    .append("{\"name\": \"")
                    .append(names[i])
                    .append("\", \"version\": \"1\", \"mutating\": false, \"inputSchema\": {\"type\": \"object\"}}");
        }
        return json.append("]}").toString();
    }

    private Path jar(String name, String catalogJson) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry("README.txt"));
            out.write("a test plug-in".getBytes(StandardCharsets.UTF_8));
            if (catalogJson != null) {
                out.putNextEntry(new JarEntry(PluginJars.CATALOG_ENTRY));
                out.write(catalogJson.getBytes(StandardCharsets.UTF_8));
            }
        }
        return jar;
    }
}
