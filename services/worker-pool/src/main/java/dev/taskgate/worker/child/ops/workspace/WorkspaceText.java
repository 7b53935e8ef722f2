package dev.taskgate.worker.child.ops.workspace;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import dev.taskgate.worker.child.OperationContext;
import dev.taskgate.worker.child.workspace.WorkspaceFiles;

/** What the workspace operations share: the run's workspace and how file bytes become text. */
final class WorkspaceText {
    private WorkspaceText() {}

    /**
     * The files of the run's workspace.
     *
     * @throws IllegalStateException when the run has none (the parent hands one to every operation whose catalog
     *                               entry needs it, so this means a misconfigured build)
     */
    static WorkspaceFiles filesOf(OperationContext context, String operation) {
        return WorkspaceFiles.of(context.workspace()
                .orElseThrow(() -> new IllegalStateException(
                        operation + " runs only over a registered workspace and this run has none; nothing was read or "
                                + "changed")));
    }

    /** The content as text, or empty for binary content (a NUL byte, or not UTF-8). */
    static Optional<String> text(byte[] content) {
        for (byte b : content) {
            if (b == 0) {
                return Optional.empty();
            }
        }
        try {
            return Optional.of(StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(content))
                    .toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }
}
