package dev.taskgate.worker.child.ops.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.taskgate.worker.child.workspace.Workspace;
import dev.taskgate.worker.child.workspace.WorkspaceRoot;

/** A small two-root workspace in a temporary directory. */
final class WorkspaceFixture {
    static final ObjectMapper MAPPER = new ObjectMapper();

    final Path src;
    final Path docs;
    final Workspace workspace;

    WorkspaceFixture(Path temp) throws IOException {
        src = Files.createDirectories(temp.resolve("src"));
        docs = Files.createDirectories(temp.resolve("docs"));
        write(src.resolve("main.c"), "#include \"util.h\"\nint main(void) { return helper(); }\n");
        write(src.resolve("lib/util.h"), "int helper(void);\nint Helper2(void);\n");
        write(src.resolve(".git/HEAD"), "helper\n");
        write(docs.resolve("README.md"), "Call helper() from main.\n");
        Files.write(src.resolve("blob.bin"), new byte[] {'h', 'e', 'l', 'p', 'e', 'r', 0, 1});
        workspace = new Workspace(
                "acme/demo",
                List.of(new WorkspaceRoot("src", src), new WorkspaceRoot("docs", docs)),
                Workspace.compile("acme/demo", Workspace.DEFAULT_REFERENCE_PATTERNS),
                1024);
    }

    static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    static JsonNode json(String text) throws JsonProcessingException {
        return MAPPER.readTree(text);
    }
}
