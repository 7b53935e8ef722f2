package dev.taskgate.frontend.auth;

import java.util.Set;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.catalog.OperationSpec;
import dev.taskgate.problem.ProblemException;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The rule on its own, with hand-made catalog entries: the shipped catalog has no mutating tool. */
class ToolPermissionsTest {
    private static final Caller ALICE = new Caller("https://taskgate.local/dev", "alice", "acme", "demo");
    private static final AuthenticatedCaller READER = new AuthenticatedCaller(ALICE, Set.of("tools:call"));
    private static final AuthenticatedCaller WRITER =
            new AuthenticatedCaller(ALICE, Set.of("tools:call", "tools:write"));
    private static final OperationSpec REWRITE = spec("fs.rewrite", true);
    private static final OperationSpec READ = spec("fs.read", false);

    private static OperationSpec spec(String name, boolean mutating) {
        return new OperationSpec(
                name,
                "1",
                null,
                null,
                mutating,
                null,
                JsonNodeFactory.instance.objectNode().put("type", "object"));
    }

    @Test
    void aMutatingToolNeedsToolsWriteToSubmitAndToCancel() {
        assertThatThrownBy(() -> ToolPermissions.requireToSubmit(READER, REWRITE))
                .isInstanceOf(ProblemException.class)
                .hasMessageContaining("insufficient-scope");
        assertThatThrownBy(() -> ToolPermissions.requireToCancel(READER, REWRITE))
                .isInstanceOf(ProblemException.class)
                .hasMessageContaining("insufficient-scope");
        assertThatCode(() -> ToolPermissions.requireToSubmit(WRITER, REWRITE)).doesNotThrowAnyException();
        assertThatCode(() -> ToolPermissions.requireToCancel(WRITER, REWRITE)).doesNotThrowAnyException();
    }

    @Test
    void aReadOnlyToolNeedsNothingMore() {
        assertThatCode(() -> ToolPermissions.requireToSubmit(READER, READ)).doesNotThrowAnyException();
        assertThatCode(() -> ToolPermissions.requireToCancel(READER, READ)).doesNotThrowAnyException();
    }
}
