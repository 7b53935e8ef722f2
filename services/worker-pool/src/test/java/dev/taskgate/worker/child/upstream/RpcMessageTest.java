package dev.taskgate.worker.child.upstream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class RpcMessageTest {

    @Test
    void cutsTheResultExactlyAsReceived() {
        String result = "{ \"content\" : [ {\"type\":\"text\",\"text\":\"}\\\"{\"} ], \"n\":1.50, \"big\":1e400,"
                + " \"zeta\":1, \"alpha\":{\"unknown\":[true,null]} }";
        String text = "{\"jsonrpc\":\"2.0\",\"result\":" + result + ",\"id\":3}";

        RpcMessage message = RpcMessage.parse(text).orElseThrow();

        assertThat(message.rawMember("result")).isEqualTo(result);
        assertThat(message.answers(3)).isTrue();
        assertThat(message.answers(4)).isFalse();
        assertThat(message.rawMember("missing")).isNull();
    }

    @Test
    void cutsAMemberOfANestedObjectExactlyAsReceived() {
        String inline =
                "{\"resultType\":\"complete\", \"content\":[{\"type\":\"text\",\"text\":\"{result}\"}], \"n\":1.50}";
        String text = "{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{\"taskId\":\"t\",\"error\":{\"result\":1},"
                + "\"status\":\"completed\",\"result\":" + inline + "}}";

        RpcMessage message = RpcMessage.parse(text).orElseThrow();

        assertThat(message.rawMember("result", "result")).isEqualTo(inline);
        assertThat(message.rawMember("result", "status", "x"))
                .as("not an object")
                .isNull();
        assertThat(message.rawMember("result", "missing")).isNull();
    }

    @Test
    void tellsRequestsNotificationsAndResponsesApart() {
        RpcMessage request = RpcMessage.parse("{\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"method\":\"ping\"}")
                .orElseThrow();
        RpcMessage notification = RpcMessage.parse("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}")
                .orElseThrow();
        RpcMessage error = RpcMessage.parse(
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,\"message\":\"no such task\"}}")
                .orElseThrow();

        assertThat(request.isRequest()).isTrue();
        assertThat(notification.isRequest()).isFalse();
        assertThat(notification.isResponse()).isFalse();
        assertThat(error.isResponse()).isTrue();
        assertThat(error.errorSummary()).isEqualTo("JSON-RPC error -32602: no such task");
    }

    @Test
    void refusesWhatIsNotJsonRpc() {
        assertThat(RpcMessage.parse("not json")).isEmpty();
        assertThat(RpcMessage.parse("[1,2]")).isEmpty();
        assertThat(RpcMessage.parse("{\"id\":1,\"result\":{}}")).isEmpty();
        assertThat(RpcMessage.parse("{\"jsonrpc\":\"2.0\",\"id\":1}")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            first          | {"resultType":"complete","content":[],"n":1.50}          | {"content":[],"n":1.50}
            middle, spaced | { "a" : 1 , "resultType" : "complete" , "b" : [1e400] }   | { "a" : 1 , "b" : [1e400] }
            last           | {"content":[{"resultType":"x"}],"resultType":"complete"} | {"content":[{"resultType":"x"}]}
            only           | {"resultType":"complete"}                                 | {}
            absent         | {"content":[],"_meta":{"resultType":"kept"}}              | {"content":[],"_meta":{"resultType":"kept"}}
            an object      | {"resultType":{"odd":"}"},"isError":true}                | {"isError":true}
            """)
    void removesOneTopLevelMemberAndKeepsEverythingElseAsWritten(String what, String object, String expected) {
        assertThat(RpcMessage.withoutMember(object, "resultType")).isEqualTo(expected);
    }
}
