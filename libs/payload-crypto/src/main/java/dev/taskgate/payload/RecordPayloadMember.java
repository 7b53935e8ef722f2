package dev.taskgate.payload;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * Every member of a Kafka record that carries a payload, and so travels sealed (docs/security.md "Payloads on
 * Kafka"). A member is found by the record's {@code type} and a path of member names; it is bound to the record's
 * execution id (a submission, which has none yet, to its message id), to its own record type and member, and — for a
 * map of entries or a member that answers a request — to the entry's or request's key.
 */
public enum RecordPayloadMember {
    /** The arguments of a submission; bound to the command's {@code messageId} (job-control assigns the id). */
    SUBMIT_INPUT("SubmitExecution", "messageId", Shape.JSON, null, "input"),
    /** Each response of a {@code ProvideInput}, bound to its request key. */
    PROVIDE_INPUT_RESPONSES("ProvideInput", "executionId", Shape.JSON_ENTRIES, null, "responses"),
    /** The input a worker runs. */
    RUN_INPUT("RunOperation", "executionId", Shape.JSON, null, "input"),
    /** The journal entry of a reconciliation run (paths and hashes of the files a plan changes). */
    RUN_JOURNAL("RunOperation", "executionId", Shape.JSON, null, "journal"),
    /** The frontier text of the checkpoint a replacement run resumes from. */
    RUN_CHECKPOINT_FRONTIER("RunOperation", "executionId", Shape.TEXT, null, "checkpoint", "frontier"),
    /** A caller's response forwarded to the worker, bound to the operation's request key. */
    INPUT_PROVIDED_RESPONSE("InputProvided", "executionId", Shape.JSON, "requestKey", "response"),
    /** The result an operation returned. */
    FINISHED_RESULT("Finished", "executionId", Shape.TEXT, null, "result"),
    /** The result an operation staged before committing. */
    STAGED_RESULT("ResultStaged", "executionId", Shape.TEXT, null, "result"),
    /** Each input request of an operation, bound to the operation's own key. */
    INPUT_REQUESTS("InputRequested", "executionId", Shape.JSON_ENTRIES, null, "requests"),
    /** The frontier text of a saved checkpoint. */
    CHECKPOINT_FRONTIER("CheckpointSaved", "executionId", Shape.TEXT, null, "frontier"),
    /** A plan an operation asks to commit (paths and hashes of the files it changes). */
    COMMIT_PLAN("CommitRequested", "executionId", Shape.JSON, null, "plan"),
    /** The content of an artifact. */
    ARTIFACT_CONTENT("ArtifactSaved", "executionId", Shape.TEXT, null, "contentBase64"),
    /** Each outstanding input request in a command reply's snapshot, bound to its request key. */
    ACCEPTED_INPUT_REQUESTS("Accepted", "executionId", Shape.JSON_ENTRIES, null, "execution", "inputRequests"),
    /** The outcome a terminal lifecycle record carries for the frontends (the result, or the error, and the status). */
    LIFECYCLE_OUTCOME("ExecutionChanged", "executionId", Shape.JSON, null, "outcome");

    /** How a member's value becomes the plaintext. */
    enum Shape {
        /** Any JSON value; the plaintext is its compact JSON text. */
        JSON,
        /** A JSON object whose every entry is sealed on its own, as JSON, bound to its key. */
        JSON_ENTRIES,
        /** A string; the plaintext is its UTF-8 bytes, so no hop re-serialises the text. */
        TEXT
    }

    private final String recordType;
    private final String bindingMember;
    private final Shape shape;
    private final String qualifierMember;
    private final List<String> path;

    RecordPayloadMember(String recordType, String bindingMember, Shape shape, String qualifierMember, String... path) {
        this.recordType = recordType;
        this.bindingMember = bindingMember;
        this.shape = shape;
        this.qualifierMember = qualifierMember;
        this.path = List.of(path);
    }

    /** The record's {@code type}. */
    public String recordType() {
        return recordType;
    }

    /** The member names from the record down to the sealed member. */
    public List<String> path() {
        return path;
    }

    String bindingMember() {
        return bindingMember;
    }

    Shape shape() {
        return shape;
    }

    /** The member of the record whose text is bound with the value, or {@code null}. */
    String qualifierMember() {
        return qualifierMember;
    }

    /** This member in the role of one value: with the entry's or request's key, or {@code null} for none. */
    PayloadRole role(String qualifier) {
        return new Bound(this, qualifier);
    }

    /**
     * {@code kafka/<type>/<path>}, then NUL and the qualifier when there is one: the prefixes hold no NUL, so the
     * first NUL separates them whatever a qualifier holds, and no label of one member equals another's.
     */
    private record Bound(RecordPayloadMember member, String qualifier) implements PayloadRole {
        @Override
        public byte[] associatedLabel() {
            String label = "kafka/" + member.recordType + "/" + String.join(".", member.path);
            if (qualifier != null) {
                label = label + '\0' + qualifier;
            }
            return label.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String describe() {
            return member.recordType + "." + String.join(".", member.path);
        }

        Bound {
            Objects.requireNonNull(member, "member");
        }
    }
}
