package dev.taskgate.worker.child.upstream;

/**
 * What a 2026-07-28 upstream sends in a response stream: notifications (progress, log messages) go to the call's
 * {@link UpstreamInteractions}; a server request is a protocol violation (2026-07-28 asks for input with
 * {@code input_required} results, never with requests on the stream), so it is not answered and the call fails.
 */
final class StatelessServerMessages implements ServerMessages {
    private final UpstreamTarget target;
    private final UpstreamInteractions notices;

    StatelessServerMessages(UpstreamTarget target, UpstreamInteractions notices) {
        this.target = target;
        this.notices = notices;
    }

    @Override
    public Reply answer(RpcMessage request) {
        return new Reply(
                null,
                new UpstreamException(target.redact(target.describe() + ": the upstream sent a '"
                        + McpSession.sample(request.method()) + "' request in a response stream, which MCP "
                        + "2026-07-28 does not allow; the call failed and the tool was not called again")));
    }

    @Override
    public void notice(RpcMessage notification) {
        notices.notice(notification);
    }
}
