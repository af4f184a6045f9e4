# Framework glue for runners/ruby/bin/run.sh, loaded with `ruby -r` before the test files:
# the track's `debug` helper, and a Minitest reporter that writes each test's result in the
# line-based message dialect exercism_test_helper reads (`--combine`), to the file named by
# EXERCISM_RESULTS. Test names are the ones --transform's appended code registered, so
# results join the metadata by name.
# The test files need not require minitest/autorun themselves (the track's runner loads it).
require 'minitest/autorun'

# What a test prints reaches the captured output at once: a test killed at the time limit
# keeps what it printed.
$stdout.sync = true

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
  # error, outside any test, tells --combine why, as status error. Either is worded as the
  # Ruby track's runner words it (`Line 3: undefined local variable or method ...
  # (NameError)`); a syntax error then names the file that does not parse (see
  # syntax_error).
  def self.load_error(error)
    here = "#{Dir.pwd}/"
    message = error.message.gsub(here, '')
    text =
      if error.is_a?(SyntaxError)
        syntax_error(message)
      else
        where = (error.backtrace_locations || [])
                .find { |location| location.absolute_path.to_s.start_with?(here) }
        place = where ? "Line #{where.lineno}: " : ''
        "#{place}#{message.lines.first.to_s.chomp} (#{error.class})"
      end
    line(results, 'ERROR', text)
  end

  # Ruby's syntax error, its `<file>:<line>: ` prefixes as the Ruby track's runner writes
  # them (`Line 2: syntax error, unexpected ','`), and the next line naming the file, relative
  # to the solution (`In two_fer.rb:`): the solution or the test file. A file outside the
  # solution keeps Ruby's own wording. An error Ruby gives without the line it points at (an
  # end of input after a blank line, say) gets that line quoted from the file (see quote).
  def self.syntax_error(message)
    file = message[/\A(.+?):\d+: /, 1]
    return message if file.nil? || file.start_with?('/')

    prefix = /\A#{Regexp.escape(file)}:(\d+): /
    source = begin
      File.readlines(file, chomp: true)
    rescue SystemCallError
      []
    end
    lines = message.split("\n", -1)
    text = lines.each_with_index.flat_map do |line, at|
      number = line[prefix, 1]
      next [line] unless number

      follows = lines[at + 1].to_s
      quoted = follows.empty? || follows.match?(prefix) ? quote(source, number.to_i) : []
      [line.sub(prefix, 'Line \1: ')] + quoted
    end
    # The file's name heads what follows the first line, when something does.
    first, rest = text.join("\n").split("\n", 2)
    rest.to_s.empty? ? first : "#{first}\nIn #{file}:\n#{rest}"
  end

  # The line `number` of `source`, as Ruby quotes the line an error points at. A blank line
  # (or none: Ruby names the line after the last at an end of input) is the last line with
  # code before it, with the caret after its end, where the error is.
  def self.quote(source, number)
    line = source[number - 1].to_s
    return [line] unless line.strip.empty?

    code = source.first([number - 1, 0].max).rindex { |text| !text.strip.empty? }
    code ? [source[code], "#{' ' * source[code].length}^"] : []
  end

  # An error as the Ruby track's runner shows it: its class and message's first line, then
  # the lines of the solution it passed through, innermost first.
  def self.describe(error)
    text = "#{error.class}: #{error.message.lines.first.to_s.chomp}"
    here = "#{Dir.pwd}/"
    mine = (error.backtrace_locations || [])
           .select { |location| location.absolute_path.to_s.start_with?(here) }
    # The solution's lines; the test's only when the error is in the test itself.
    solution = mine.reject { |location| location.path.end_with?('_test.rb') }
    lines = (solution.empty? ? mine : solution)
            .map { |location| "    Line #{location.lineno}:in `#{location.label}'" }
    lines.empty? ? text : "#{text}\n\nTraceback (most recent call first):\n#{lines.join("\n")}"
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
        ExercismRunner.line(io, 'ERROR', ExercismRunner.describe(failure.error))
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
