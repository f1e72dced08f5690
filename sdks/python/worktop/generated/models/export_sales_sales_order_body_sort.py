from enum import StrEnum


class ExportSalesSalesOrderBodySort(StrEnum):
    CREATED_AT = "created_at"
    DATE = "date"
    ID = "id"
    NAME = "name"
    TOTAL_AMOUNT = "total_amount"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_11 = "-name"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-date"
    VALUE_9 = "-total_amount"

    def __str__(self) -> str:
        return str(self.value)
