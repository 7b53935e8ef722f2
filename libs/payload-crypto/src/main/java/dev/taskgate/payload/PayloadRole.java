package dev.taskgate.payload;

/**
 * What a sealed value is to its owner: a stored column (job-control's {@code PayloadKind}) or a member of a Kafka
 * record ({@link RecordPayloadMember}). Its label is bound into the associated data, so a value sealed in one role
 * cannot be opened in another.
 */
public interface PayloadRole {

    /**
     * The bytes bound into the associated data, after the header and the 16-byte subject id; the last element of the
     * associated data, so no two labels need a separator. Labels of different roles must differ.
     */
    byte[] associatedLabel();

    /** A short name for messages and logs, never a payload. */
    String describe();
}
