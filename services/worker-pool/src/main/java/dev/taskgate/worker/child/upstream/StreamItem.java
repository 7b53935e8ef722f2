package dev.taskgate.worker.child.upstream;

import java.io.IOException;

/** What the reader of one response body hands to the thread waiting for the answer. */
sealed interface StreamItem {

    record Message(RpcMessage message) implements StreamItem {}

    /** The body ended. */
    record End() implements StreamItem {}

    /** Reading the body failed (the connection dropped). */
    record Failed(IOException cause) implements StreamItem {}

    /** The body held something that is not a JSON-RPC message; {@code sample} is its start. */
    record NotJsonRpc(String sample) implements StreamItem {}
}
