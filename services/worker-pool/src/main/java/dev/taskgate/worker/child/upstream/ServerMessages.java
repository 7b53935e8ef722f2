package dev.taskgate.worker.child.upstream;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.taskgate.worker.child.OperationStoppedException;

/** What the client does with the requests and notifications the upstream sends in a response stream. */
interface ServerMessages {

    /**
     * The answer to a server request.
     *
     * @param response     the JSON-RPC response to post back to the upstream, or {@code null} to post nothing
     * @param thenFail     when not {@code null}, the call fails with it once the response is posted
     */
    record Reply(ObjectNode response, UpstreamException thenFail) {}

    Reply answer(RpcMessage request) throws OperationStoppedException, InterruptedException;

    void notice(RpcMessage notification);
}
