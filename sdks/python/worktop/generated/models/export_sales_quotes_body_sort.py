from enum import StrEnum


class ExportSalesQuotesBodySort(StrEnum):
    CREATED_AT = "created_at"
    DATE = "date"
    ID = "id"
    NAME = "name"
    TOTAL_AMOUNT = "total_amount"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-date"
    VALUE_7 = "-total_amount"
    VALUE_9 = "-name"

    def __str__(self) -> str:
        return str(self.value)
