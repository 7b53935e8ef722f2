package dev.taskgate.worker.child.ops.conformance;

import java.util.Map;

import dev.taskgate.worker.child.Operation;

/** The implementations of {@code schemas/operations/conformance-pack.json}, by tool name. */
public final class ConformancePack {

    private ConformancePack() {}

    /** Every fixture of the pack. */
    public static Map<String, Operation> operations() {
        return Map.ofEntries(
                Map.entry("test_simple_text", new FixedResultOperation(ContentFixtures.simpleText())),
                Map.entry("test_image_content", new FixedResultOperation(ContentFixtures.image())),
                Map.entry("test_audio_content", new FixedResultOperation(ContentFixtures.audio())),
                Map.entry("test_embedded_resource", new FixedResultOperation(ContentFixtures.embeddedResource())),
                Map.entry("test_multiple_content_types", new FixedResultOperation(ContentFixtures.mixed())),
                Map.entry("test_error_handling", new FixedResultOperation(ContentFixtures.error())),
                Map.entry("test_tool_with_progress", new ProgressOperation()),
                Map.entry("test_tool_with_logging", new LoggingOperation()),
                Map.entry("json_schema_2020_12_tool", new FixedResultOperation(ContentFixtures.ok())),
                Map.entry("greet", new GreetOperation("name", "world")),
                Map.entry("slow_compute", new SlowComputeOperation()),
                Map.entry("failing_job", new FailingJobOperation()),
                Map.entry("protocol_error_job", new ProtocolErrorOperation()),
                Map.entry("test_tool_with_task", new GreetOperation("user_name", "task")),
                Map.entry("test_input_required_result_elicitation", new GreetOperation("name", "world")),
                Map.entry("test_input_required_result_sampling", new AnswersOperation("Sampling answered:")),
                Map.entry("test_input_required_result_list_roots", new AnswersOperation("Roots received:")),
                Map.entry("test_input_required_result_request_state", new AnswersOperation("state-ok:")),
                Map.entry("test_input_required_result_multiple_inputs", new AnswersOperation("All inputs received:")),
                Map.entry("test_input_required_result_multi_round", new AnswersOperation("Both rounds answered:")),
                Map.entry("test_input_required_result_tampered_state", new AnswersOperation("state-ok:")),
                Map.entry("test_input_required_result_capabilities", new AnswersOperation("Answers received:")),
                Map.entry("test_missing_capability", new AnswersOperation("Sampling answered:")),
                Map.entry("confirm_delete", new ConfirmDeleteOperation()),
                Map.entry("multi_input", new MultiInputOperation()),
                Map.entry("test_streaming_elicitation", new GreetOperation("name", "world")),
                Map.entry("test_custom_header", new GreetOperation("region", "world")),
                Map.entry(
                        "test_elicitation",
                        new AskClientOperation(
                                ClientRequestFixtures::userInfo,
                                r -> "User response: " + AskClientOperation.elicitResult(r))),
                Map.entry(
                        "test_sampling",
                        new AskClientOperation(
                                ClientRequestFixtures::sampling,
                                r -> "LLM response: " + AskClientOperation.sampled(r))),
                Map.entry(
                        "test_elicitation_sep1034_defaults",
                        new AskClientOperation(
                                ClientRequestFixtures::defaults,
                                r -> "Elicitation completed: " + AskClientOperation.elicitResult(r))),
                Map.entry(
                        "test_elicitation_sep1330_enums",
                        new AskClientOperation(
                                ClientRequestFixtures::enums,
                                r -> "Elicitation completed: " + AskClientOperation.elicitResult(r))));
    }
}
