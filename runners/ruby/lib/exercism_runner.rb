# Framework glue for runners/ruby/bin/run.sh, loaded with `ruby -r` before the test files:
# the track's `debug` helper, and a Minitest reporter that writes each test's result in the
# line-based message dialect exercism_test_helper reads (`--combine`), to the file named by
# EXERCISM_RESULTS. Test names are the ones --transform's appended code registered, so
# results join the metadata by name.
require 'minitest'

module Kernel
  # The Ruby track's documented way to print while a test runs: it goes to the test's output.
  def debug(*args)
    $stdout.puts(*args)
  end
end

module ExercismRunner
  # One line of the dialect: a line break inside a message is written <:LF:>.
  def self.line(io, tag, text = '')
    io.write("\n<#{tag}::>#{text.to_s.gsub("\n", '<:LF:>')}\n")
    io.flush
  end

  def self.results
    @results ||= File.open(ENV.fetch('EXERCISM_RESULTS', 'results.log'), 'a')
  end

  # A test file that does not load (a syntax error, a missing constant) runs no test: the
  # error, outside any test, tells --combine why, as status error.
  def self.load_error(error)
    # Paths as the student knows them: relative to the solution, not the runner's copy.
    message = error.message.gsub("#{Dir.pwd}/", '')
    line(results, 'ERROR', "#{message} (#{error.class})")
  end

  class Reporter < Minitest::AbstractReporter
    def prerecord(klass, name)
      ExercismRunner.line(ExercismRunner.results, 'IT', display_name(klass, name))
    end

    def record(result)
      io = ExercismRunner.results
      failure = result.failure
      case failure
      when nil then ExercismRunner.line(io, 'PASSED', 'Test passed')
      when Minitest::UnexpectedError
        error = failure.error
        ExercismRunner.line(io, 'ERROR', "#{error.class}: #{error.message}")
      else ExercismRunner.line(io, 'FAILED', failure.message)
      end
      ExercismRunner.line(io, 'COMPLETEDIN', format('%.2f', result.time * 1000))
    end

    private

    def display_name(klass, name)
      names = defined?(ExercismTestHelperAnnounce) ? ExercismTestHelperAnnounce::NAMES : {}
      names.fetch([klass, name], name)
    end
  end
end

module Minitest
  # Minitest's own progress and summary would print into the last test's output: the
  # dialect reporter replaces them.
  def self.plugin_exercism_runner_init(_options)
    reporter.reporters.clear
    reporter << ExercismRunner::Reporter.new
  end
end
Minitest.extensions << 'exercism_runner'
