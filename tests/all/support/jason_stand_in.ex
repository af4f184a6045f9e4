defmodule Jason do
  @moduledoc """
  A stand-in for `Jason.encode/1` of the `jason` package, which the Elixir track's JSON
  formatter (exercism/elixir-test-runner) calls: lets this project's tests run that formatter
  without fetching packages. JSON of maps, lists, strings, numbers, atoms, `nil` and booleans.
  """

  def encode(value), do: {:ok, IO.iodata_to_binary(to_json(value))}

  defp to_json(nil), do: "null"
  defp to_json(true), do: "true"
  defp to_json(false), do: "false"
  defp to_json(atom) when is_atom(atom), do: to_json(Atom.to_string(atom))
  defp to_json(number) when is_integer(number) or is_float(number), do: to_string(number)
  defp to_json(text) when is_binary(text), do: [?", escape(text, []), ?"]

  defp to_json(list) when is_list(list) do
    [?[, Enum.map_intersperse(list, ?,, &to_json/1), ?]]
  end

  defp to_json(map) when is_map(map) do
    pairs = Enum.map_intersperse(map, ?,, fn {k, v} -> [to_json(to_string(k)), ?:, to_json(v)] end)
    [?{, pairs, ?}]
  end

  defp escape(<<>>, acc), do: Enum.reverse(acc)
  defp escape(<<?", rest::binary>>, acc), do: escape(rest, ["\\\"" | acc])
  defp escape(<<?\\, rest::binary>>, acc), do: escape(rest, ["\\\\" | acc])

  defp escape(<<c, rest::binary>>, acc) when c < 0x20 do
    hex = c |> Integer.to_string(16) |> String.pad_leading(4, "0")
    escape(rest, ["\\u" <> hex | acc])
  end

  defp escape(<<c::utf8, rest::binary>>, acc), do: escape(rest, [<<c::utf8>> | acc])
  defp escape(<<c, rest::binary>>, acc), do: escape(rest, [<<c>> | acc])
end
