package dev.taskgate.e2e;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import com.sun.net.httpserver.HttpServer;

import dev.taskgate.testsupport.Tokens;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The operator console (docs/console.md) in a real headless Chromium (the Debian packages {@code chromium} and
 * {@code chromium-driver}; {@code TASKGATE_CHROMIUM} and {@code TASKGATE_CHROMEDRIVER} name others) against the
 * packaged stack: an operator signs in with a token, finds a running execution in the list, opens it, cancels it and
 * sees the outcome, then replays the webhook delivery that the cancellation caused and the receiver gets it again
 * with the same webhook-id, and finds the stack's upstreams with their health. The browser reports no Content-Security-Policy violation and the token never appears in a
 * URL. Screenshots of each page are written to {@code e2e/target/console-screenshots/}.
 */
@ExtendWith(LocalStack.class)
class ConsoleBrowserE2E {
    private static final Duration PAGE_WAIT = Duration.ofSeconds(20);
    private static final Path SHOTS = LocalStack.repo().resolve("e2e/target/console-screenshots");

    private static final String ORG = "acme";
    /** A project of its own: the list, the subscriptions and the deliveries hold only what this test made. */
    private static final String PROJECT =
            "console-" + UUID.randomUUID().toString().substring(0, 8);

    private static final List<String> received = new CopyOnWriteArrayList<>();
    private static HttpServer receiver;
    private static WebDriver browser;
    private static String token;

    @BeforeAll
    static void start() throws IOException {
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hook", exchange -> {
            received.add(exchange.getRequestHeaders().getFirst("webhook-id"));
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        token = Tokens.forSubject("console-operator")
                .org(ORG)
                .project(PROJECT)
                .scopes(
                        "tools:call",
                        "executions:operator:status",
                        "executions:operator:payload",
                        "executions:operator:cancel",
                        "webhooks:admin",
                        "upstreams:admin")
                .sign();
        Files.createDirectories(SHOTS);
        browser = chromium();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (receiver != null) {
            receiver.stop(0);
        }
    }

    private static WebDriver chromium() {
        String binary = System.getenv().getOrDefault("TASKGATE_CHROMIUM", "/usr/bin/chromium");
        String driver = System.getenv().getOrDefault("TASKGATE_CHROMEDRIVER", "/usr/bin/chromedriver");
        if (!new File(binary).canExecute() || !new File(driver).canExecute()) {
            throw new IllegalStateException("ConsoleBrowserE2E needs Chromium and its driver (" + binary + ", " + driver
                    + "): apt-get install chromium chromium-driver, as bin/test-infra does (docs/console.md)");
        }
        ChromeOptions options = new ChromeOptions();
        // both paths given: Selenium Manager neither looks for nor downloads a browser or driver
        options.setBinary(binary);
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--disable-gpu",
                "--no-first-run",
                "--window-size=1280,860");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(driver))
                .usingAnyFreePort()
                .build();
        return new ChromeDriver(service, options);
    }

    @Test
    void anOperatorFindsOpensAndCancelsAnExecutionThenReplaysItsDelivery() throws IOException {
        try {
            findOpenCancelAndReplay();
        } catch (RuntimeException | AssertionError e) {
            // what the browser showed and logged, for the report
            shot("failure");
            browser.manage()
                    .logs()
                    .get(LogType.BROWSER)
                    .getAll()
                    .forEach(entry -> System.err.println("browser: " + entry.getLevel() + " " + entry.getMessage()));
            throw e;
        }
    }

    private void findOpenCancelAndReplay() throws IOException {
        String frontend = LocalStack.get().frontendUrl();
        String hooks = LocalStack.get().service("webhook-dispatcher").baseUrl();
        String subscription = subscribe(hooks);
        String execution = startSleep(frontend);

        browser.get(frontend + "/console/");
        WebElement field = waitFor(By.id("token"));
        field.sendKeys(token);
        shot("sign-in");
        browser.findElement(By.id("sign-in")).click();

        waitFor(By.id("filters"));
        waitFor(By.id("filter-tool")).sendKeys("demo.sleep");
        browser.findElement(By.id("filter-principal")).sendKeys("console-operator");
        browser.findElement(By.id("apply-filters")).click();
        By row = By.cssSelector("#executions tr[data-id='" + execution + "']");
        // the first page (no filter) may still be drawn before the filtered one: read the row as it is when found
        String shown = wait(PAGE_WAIT)
                .until(ignored -> browser.findElements(By.cssSelector("#executions tbody tr"))
                                        .size()
                                == 1
                        ? browser.findElement(row).getText()
                        : null);
        assertThat(shown).contains("demo.sleep", "console-operator");
        shot("executions");
        wait(PAGE_WAIT).until(ignored -> {
            browser.findElement(row).click();
            return true;
        });

        waitText(By.id("execution-id"), execution);
        waitText(By.id("state"), "working");
        waitFor(By.cssSelector("#timeline li[data-kind='progress']"));
        browser.findElement(By.id("cancel")).click();
        // accepted, or stop_delivery_unknown when the relay took longer than job-control's confirmation wait
        String outcome = wait(PAGE_WAIT).until(ignored -> {
            String text = browser.findElement(By.id("outcome")).getText();
            return text.isEmpty() ? null : text;
        });
        assertThat(outcome).isIn("accepted", "stop_delivery_unknown");
        waitText(By.id("state"), "cancelled");
        assertThat(browser.findElement(By.id("timeline")).getText())
                .contains("operator cancel: " + outcome, "→ cancelled");
        shot("execution-cancelled");

        browser.get(frontend + "/console/#/webhooks");
        waitFor(By.cssSelector("#subscriptions tr[data-id='" + subscription + "']"))
                .click();
        String delivery = wait(PAGE_WAIT).until(ignored -> {
            browser.findElement(By.id("reload-deliveries")).click();
            List<WebElement> rows = browser.findElements(By.cssSelector("#deliveries tbody tr"));
            return rows.size() == 1 && rows.get(0).getText().contains("delivered")
                    ? rows.get(0).getAttribute("data-id")
                    : null;
        });
        await().atMost(PAGE_WAIT).until(() -> received.size() == 1);
        // the table may still be drawn again by the last reload: click the button of the page as it is then
        wait(PAGE_WAIT).until(ignored -> {
            browser.findElement(By.cssSelector("button.replay[data-delivery='" + delivery + "']"))
                    .click();
            return true;
        });
        waitFor(By.id("replayed"));
        wait(PAGE_WAIT)
                .until(ignored -> browser.findElements(By.cssSelector("#deliveries tbody tr"))
                                .size()
                        == 2);
        await().atMost(PAGE_WAIT).until(() -> received.size() == 2);
        assertThat(received.get(1)).isEqualTo(received.get(0));
        shot("webhook-replayed");

        checkUpstreamHealth();

        assertThat(browser.getCurrentUrl()).doesNotContain(token);
        List<String> violations = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .map(LogEntry::getMessage)
                .filter(m -> m.contains("Content Security Policy") || m.contains("Refused to"))
                .toList();
        assertThat(violations).isEmpty();
    }

    /**
     * The upstreams page shows the stack's upstreams (GatewayUpstreams) with their health: {@code counting} listed,
     * {@code gone} (nobody listens) unavailable with the reason; listing {@code gone} again leaves it unavailable.
     */
    private void checkUpstreamHealth() throws IOException {
        browser.findElement(By.id("nav-upstreams")).click();
        By counting = By.cssSelector("#upstreams tr[data-id='counting']");
        By gone = By.cssSelector("#upstreams tr[data-id='gone']");
        // counting is listed once discovery reached it; each reload draws the table again, so rows are read afresh
        wait(PAGE_WAIT).until(ignored -> {
            if (!browser.findElement(counting).getText().contains(" available")) {
                browser.findElement(By.id("reload-upstreams")).click();
                return false;
            }
            return true;
        });
        String goneRow =
                wait(PAGE_WAIT).until(ignored -> browser.findElement(gone).getText());
        assertThat(goneRow).contains("unavailable");
        shot("upstreams");
        wait(PAGE_WAIT).until(ignored -> {
            browser.findElement(gone).click();
            return true;
        });

        waitText(By.id("upstream-id"), "gone");
        waitText(By.id("upstream-health"), "unavailable");
        assertThat(browser.findElement(By.id("upstream-definition")).getText()).contains("\"url\"");
        browser.findElement(By.id("refresh-upstream")).click();
        waitFor(By.id("refreshed"));
        assertThat(browser.findElement(By.id("refreshed")).getText()).contains("unavailable");
        assertThat(browser.findElement(By.id("upstream-problem")).getText()).isNotBlank();
        shot("upstream-gone");
    }

    private static String subscribe(String hooks) {
        return given().baseUri(hooks)
                .auth()
                .oauth2(token)
                .contentType("application/json")
                .body(Map.of(
                        "url",
                        "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook",
                        "event_types",
                        List.of("tool.execution.lifecycle")))
                .post("/v1/orgs/" + ORG + "/projects/" + PROJECT + "/webhook-subscriptions")
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    private static String startSleep(String frontend) {
        return given().baseUri(frontend)
                .auth()
                .oauth2(token)
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .contentType("application/json")
                .body(Map.of("tool_name", "demo.sleep", "input", Map.of("seconds", 120)))
                .post("/v1/orgs/" + ORG + "/projects/" + PROJECT + "/tool-executions")
                .then()
                .statusCode(202)
                .extract()
                .path("execution_id");
    }

    /** A wait that outlives the page re-rendering the elements it looks at. */
    private static WebDriverWait wait(Duration limit) {
        WebDriverWait wait = new WebDriverWait(browser, limit);
        wait.ignoring(StaleElementReferenceException.class);
        return wait;
    }

    private static WebElement waitFor(By what) {
        return wait(PAGE_WAIT).until(ExpectedConditions.visibilityOfElementLocated(what));
    }

    private static void waitText(By what, String text) {
        wait(PAGE_WAIT).until(ExpectedConditions.textToBePresentInElementLocated(what, text));
    }

    private static void shot(String name) throws IOException {
        Path png = ((ChromeDriver) browser).getScreenshotAs(OutputType.FILE).toPath();
        Files.move(png, SHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }
}
